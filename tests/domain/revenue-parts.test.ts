// revenueParts (server/domain/analytics.ts): the parts a range's top clients are read from —
// years, months and days, some taken away. Property: for any range, the parts' days counted with
// their signs are exactly the range's days, each once; and the reading is never dearer than the
// months and days of the range alone.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { revenueParts, type RevenuePart } from "../../server/domain/analytics.ts";
import { addDays } from "../../server/domain/clock.ts";

/** Every day a part covers, from its first to its last. */
function daysOf(part: RevenuePart): string[] {
  const first = part.grain === "year" ? `${part.from}-01-01` : part.grain === "month" ? `${part.from}-01` : part.from;
  const afterLast = part.grain === "year" ? `${Number(part.to) + 1}-01-01` : part.grain === "month" ? addDays(`${part.to}-28`, 8).slice(0, 7) + "-01" : addDays(part.to, 1);
  const days: string[] = [];
  for (let day = first; day < afterLast; day = addDays(day, 1)) days.push(day);
  return days;
}

const day = fc.integer({ min: 0, max: 1500 }).map((offset) => addDays("2023-01-01", offset));

test("the parts' signed days are exactly the range's days, whatever the range", () => {
  fc.assert(
    fc.property(fc.tuple(day, day), ([a, b]) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const counted = new Map<string, number>();
      for (const part of revenueParts(from, to)) for (const covered of daysOf(part)) counted.set(covered, (counted.get(covered) ?? 0) + part.sign);
      const wanted = new Map<string, number>();
      for (let covered = from; covered <= to; covered = addDays(covered, 1)) wanted.set(covered, 1);
      expect([...counted].filter(([, count]) => count !== 0).sort()).toEqual([...wanted].sort());
    }),
    { numRuns: 400, seed: 20_261_129 },
  );
});

test("a year to date is the year less the rest of it; whole years and months are one part each", () => {
  expect(revenueParts("2025-12-01", "2026-11-29")).toEqual([
    { grain: "month", from: "2025-12", to: "2025-12", sign: 1 },
    { grain: "year", from: "2026", to: "2026", sign: 1 },
    { grain: "day", from: "2026-11-30", to: "2026-11-30", sign: -1 },
    { grain: "month", from: "2026-12", to: "2026-12", sign: -1 },
  ]);
  expect(revenueParts("2024-01-01", "2026-12-31")).toEqual([{ grain: "year", from: "2024", to: "2026", sign: 1 }]);
  expect(revenueParts("2026-03-01", "2026-05-31")).toEqual([{ grain: "month", from: "2026-03", to: "2026-05", sign: 1 }]);
  expect(revenueParts("2026-03-04", "2026-03-09")).toEqual([{ grain: "day", from: "2026-03-04", to: "2026-03-09", sign: 1 }]);
});
