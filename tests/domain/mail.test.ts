// Rules of sending (server/domain/mail.ts): the retry schedule with its jitter, which failures are
// permanent, and the moves that send a document from each status.
import { describe, expect, test } from "bun:test";
import { INVOICE_STATUSES } from "../../server/domain/lifecycle.ts";
import { isPermanentFailure, MAX_ATTEMPTS, movesToSend, nextAttemptAt, RETRY_DELAYS_MS } from "../../server/domain/mail.ts";
import { RETRY_JITTER } from "../../server/domain/retry.ts";

const NOW = new Date("2026-11-21T10:00:00Z");
const waitAfter = (attempts: number, random: number): number | null => {
  const next = nextAttemptAt(NOW, attempts, false, () => random);
  return next && next.getTime() - NOW.getTime();
};

describe("nextAttemptAt", () => {
  test("1 min, 5 min, 30 min, 2 h, 6 h after the 1st to 5th failure; nothing after the last try", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => waitAfter(attempts, 0.5))).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(waitAfter(MAX_ATTEMPTS, 0.5)).toBeNull();
  });

  test("jitter spreads each wait by at most a fifth either way", () => {
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      expect(waitAfter(index + 1, 0)).toBe(Math.round(delay * (1 - RETRY_JITTER)));
      expect(waitAfter(index + 1, 0.999999)).toBeLessThanOrEqual(Math.round(delay * (1 + RETRY_JITTER)));
    }
  });

  test("a permanent failure is never tried again", () => {
    expect(nextAttemptAt(NOW, 1, true, () => 0.5)).toBeNull();
  });
});

describe("isPermanentFailure", () => {
  test("SMTP 5xx replies are permanent; 4xx, connection errors and anything else temporary", () => {
    expect(isPermanentFailure(Object.assign(new Error("no such user"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("message too big"), { responseCode: 552 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("greylisted"), { responseCode: 451 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }))).toBe(false);
    expect(isPermanentFailure(null)).toBe(false);
  });
});

describe("movesToSend", () => {
  test("draft and approved go to sent, review through approved; out already means again; void never", () => {
    const moves = Object.fromEntries(INVOICE_STATUSES.map((status) => [status, movesToSend(status)]));
    expect(moves).toEqual({
      draft: ["sent"],
      review: ["approved", "sent"],
      approved: ["sent"],
      sent: [],
      viewed: [],
      paid: [],
      overdue: [],
      void: null,
    });
  });
});
