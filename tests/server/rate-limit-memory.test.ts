// The limiter's memory and its flushes stay bounded and lose no counts.
import { describe, expect, test } from "bun:test";
import { addressSubject, RateLimiter } from "../../server/access/rate-limit.ts";

const limits = { burst: 5, hourly: 10, daily: 20 };
const now = new Date("2026-11-21T10:00:00Z");

describe("addressSubject", () => {
  test.each([
    ["203.0.113.7", "ip:203.0.113.7"],
    ["::ffff:203.0.113.7", "ip:203.0.113.7"],
    ["2001:db8:85a3:1:2:3:4:5", "ip6:2001:db8:85a3:1::/64"],
    ["2001:0db8:85a3:0001:ffff::1", "ip6:2001:db8:85a3:1::/64"],
    ["2001:db8::1", "ip6:2001:db8:0:0::/64"],
    ["::1", "ip6:0:0:0:0::/64"],
  ])("%s is counted as %s", (address, subject) => {
    expect(addressSubject(address)).toBe(subject);
  });

  test("addresses of one IPv6 /64 share a subject", () => {
    expect(addressSubject("2001:db8:1:2::a")).toBe(addressSubject("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(addressSubject("2001:db8:1:2::a")).not.toBe(addressSubject("2001:db8:1:3::a"));
  });
});

describe("RateLimiter memory", () => {
  test("past 100,000 callers the least recently seen is forgotten, its counts still flushed", () => {
    const limiter = new RateLimiter();
    limiter.hit("first", limits, now);
    for (let index = 0; index < 100_000; index++) limiter.hit(`caller-${index}`, limits, now);
    const drained = limiter.drainUnflushed();
    expect(drained).toHaveLength(100_001);
    expect(drained.find((usage) => usage.subject === "first")?.count).toBe(1);
    // "first" was forgotten: it starts a fresh burst window.
    for (let index = 0; index < 5; index++) expect(limiter.hit("first", limits, now).allowed).toBe(true);
  });

  test("a subject seen again moves to the back of the line", () => {
    const limiter = new RateLimiter();
    limiter.hit("kept", limits, now);
    for (let index = 0; index < 99_999; index++) limiter.hit(`caller-${index}`, limits, now);
    limiter.hit("kept", limits, now);
    limiter.hit("newcomer", limits, now);
    for (let index = 0; index < 3; index++) limiter.hit("kept", limits, now);
    expect(limiter.hit("kept", limits, now).allowed).toBe(false);
  });

  test("counts whose write failed go back and leave with the next flush", () => {
    const limiter = new RateLimiter();
    limiter.hit("a", limits, now);
    limiter.hit("a", limits, now);
    const failed = limiter.drainUnflushed();
    expect(limiter.drainUnflushed()).toEqual([]);
    limiter.returnUnflushed(failed);
    limiter.hit("a", limits, now);
    const next = limiter.drainUnflushed();
    expect(next.reduce((sum, usage) => sum + usage.count, 0)).toBe(3);
  });
});
