// The import readers' pool (server/imports/read-pool.ts): an import's files wait their account's
// turn, so one account's imports never queue another's, and an import whose caller went away stops
// reading at once while the pool goes on serving.
import { afterAll, expect, test } from "bun:test";
import { createReadPool, readInPool } from "../../server/imports/read-pool.ts";
import { RECORD_KEYS } from "../../routers/imports/record-keys.ts";

// One worker: the order imports are served in is the pool's turn order, whatever each takes.
const pool = createReadPool(1);
afterAll(() => pool.close());

const OPTIONS = { currency: "EUR", today: "2026-11-29", locale: "en-IE", recordKeys: RECORD_KEYS };
const csv = (number: string) => ({
  format: "csv" as const,
  name: `${number}.csv`,
  bytes: new TextEncoder().encode(`number,issue_date,currency,bill_to_name,description,quantity,unit_price\n${number},2026-10-01,EUR,Globex Corporation,Work,1,10.00`),
});

test("accounts take turns: another account's import is read before the first account's third", async () => {
  const served: string[] = [];
  const read = (owner: string, number: string) => readInPool(pool, [csv(number)], OPTIONS, owner).then(([result]) => served.push(`${owner} ${result?.invoices[0]?.fields.number}`));
  await Promise.all([read("acc_first", "A-1"), read("acc_first", "A-2"), read("acc_first", "A-3"), read("acc_second", "B-1")]);
  expect(served).toEqual(["acc_first A-1", "acc_first A-2", "acc_second B-1", "acc_first A-3"]);
});

test("an import whose caller went away stops reading; the pool reads the next import", async () => {
  const caller = new AbortController();
  const reading = readInPool(pool, [csv("C-1")], { ...OPTIONS, signal: caller.signal }, "acc_first").catch((caught: unknown) => caught);
  caller.abort();
  expect(await reading).toMatchObject({ code: "CANCELLED" });
  expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  const [next] = await readInPool(pool, [csv("D-1")], OPTIONS, "acc_second");
  expect(next?.invoices[0]?.fields.number).toBe("D-1");
});
