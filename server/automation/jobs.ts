// The scheduler's jobs: the housekeeping ones here; mail, webhooks and recurring rules bring theirs.
import { deleteExpiredFile, findExpiredFiles } from "../../db/queries/files.ts";
import { findOverdueCandidates, refoldStaleSearchText, type DueCursor } from "../../db/queries/invoices.ts";
import { purgeDeadCredentials } from "../../db/queries/credentials.ts";
import { purgeEvents } from "../../db/queries/events.ts";
import { purgeExpiredKv } from "../../db/queries/kv.ts";
import { purgeSettledDeliveries } from "../../db/queries/webhooks.ts";
import { OPERATION_RETENTION_DAYS, purgeOperations } from "../../db/queries/operations.ts";
import { addDays, dateInZone } from "../domain/clock.ts";
import { retainedSince } from "../domain/events.ts";
import { saveSystemMove } from "../invoices/writes.ts";
import { loadProfile } from "../accounts/profile.ts";
import { ownedInvoice } from "../invoices/ownership.ts";
import { issueRecurring } from "./recurring.ts";
import { deliverMail } from "./mail/outbox.ts";
import { queueReminders } from "./reminders.ts";
import type { Job } from "./scheduler.ts";
import { deliverWebhooksJob } from "./webhooks/delivery.ts";

const OVERDUE_BATCH = 200;

/** Sent and viewed invoices whose due date is before today in their account's time zone become overdue. */
export const markOverdue: Job = {
  name: "mark-overdue",
  everyMs: 60_000,
  async run(services) {
    const { database, clock } = services;
    // No zone is more than a day ahead of UTC, so candidates are due before UTC's tomorrow.
    const latestToday = addDays(dateInZone(clock.now(), "UTC"), 1);
    let after: DueCursor | null = null;
    for (;;) {
      const candidates = await findOverdueCandidates(database.db, { before: latestToday, after, limit: OVERDUE_BATCH });
      for (const { accountId, record } of candidates) {
        await database.write(async (tx) => {
          const today = dateInZone(clock.now(), (await loadProfile(tx, accountId)).timezone);
          const current = await ownedInvoice(tx, accountId, record.id);
          if ((current.status === "sent" || current.status === "viewed") && current.due_date && current.due_date < today) {
            await saveSystemMove(services, tx, accountId, current, "overdue");
          }
        });
      }
      const last = candidates.at(-1)?.record;
      if (candidates.length < OVERDUE_BATCH || !last?.due_date) return;
      after = { dueDate: last.due_date, id: last.id };
    }
  },
};

/**
 * Forgets operation ids and idempotency keys after their 30 days, events and their webhook deliveries
 * after theirs, and sessions, sign-in links, codes and tokens a day after they stopped working.
 */
export const purgeOldOperations: Job = {
  name: "purge-operations",
  everyMs: 3_600_000,
  async run({ database, clock }) {
    const daysAgo = (days: number): Date => new Date(clock.now().getTime() - days * 86_400_000);
    await database.write(async (tx) => {
      await purgeOperations(tx, daysAgo(OPERATION_RETENTION_DAYS));
      const eventsBefore = retainedSince(clock.now());
      await purgeEvents(tx, eventsBefore);
      await purgeSettledDeliveries(tx, eventsBefore);
      await purgeDeadCredentials(tx, daysAgo(1));
    });
  },
};

/** The rate limiter's upkeep (flushing daily counts, or dropping ended shared counters), and expired kv entries. */
export const flushRateLimits: Job = {
  name: "flush-rate-limits",
  everyMs: 15_000,
  perProcess: true,
  async run({ database, rateLimiter, clock }) {
    const now = clock.now();
    await rateLimiter.upkeep(database, now);
    await database.write((tx) => purgeExpiredKv(tx, now));
  },
};

const PURGE_BATCH = 500;

/**
 * Deletes exported files whose 24 hours are over, blob and all (ADR 0010 "Downloads"). The row
 * goes first, under the write lock and only if still expired (a reuse may have
 * extended it meanwhile), then its blob; a crash in between leaves an orphan blob, never a row
 * pointing at nothing.
 */
export const purgeExpiredFiles: Job = {
  name: "purge-files",
  everyMs: 600_000,
  async run({ database, blobs, clock }) {
    for (;;) {
      const now = clock.now().toISOString();
      const expired = await findExpiredFiles(database.db, now, PURGE_BATCH);
      for (const file of expired) {
        if (await database.write((tx) => deleteExpiredFile(tx, file.id, now))) await blobs.delete(file.blobKey);
      }
      if (expired.length < PURGE_BATCH) return;
    }
  },
};

const REFOLD_BATCH = 500;

/**
 * Folds the search text of invoices written before `q` searched their lines (or any later change
 * of what it folds) again, a batch a transaction, so a stored invoice is found by its lines too.
 * Until it has caught up, such an invoice is found by its number and whom it bills.
 */
export const refoldSearch: Job = {
  name: "refold-search",
  everyMs: 60_000,
  async run({ database }) {
    while ((await database.write((tx) => refoldStaleSearchText(tx, REFOLD_BATCH))) === REFOLD_BATCH);
  },
};

export const JOBS: readonly Job[] = [markOverdue, purgeOldOperations, flushRateLimits, purgeExpiredFiles, refoldSearch, issueRecurring, deliverWebhooksJob, queueReminders, deliverMail];
