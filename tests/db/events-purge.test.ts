// The event purge finds its boundary by a binary search over seq (db/queries/events.ts): whatever the
// number of events and where the cutoff falls, exactly the older ones go, and the newest always stays
// (its seq must never be handed out again: the webhook fan-out's cursor points past it).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { asc } from "drizzle-orm";
import { insertEvent, purgeEvents } from "../../db/queries/events.ts";
import { events } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const START = Date.parse("2026-10-01T00:00:00Z");

async function remaining(): Promise<string[]> {
  const rows = await server.services.database.db.select({ id: events.id }).from(events).orderBy(asc(events.seq));
  return rows.map((row) => row.id);
}

/** Replaces every event with `count` of them a day apart (several on some days), ids e0, e1, … */
async function seed(count: number): Promise<void> {
  await server.services.database.write(async (tx) => {
    await tx.delete(events);
    for (let index = 0; index < count; index++) {
      const at = new Date(START + Math.floor(index / 2) * DAY).toISOString();
      await insertEvent(tx, "acc_1", { id: `e${index}`, type: "invoice.created", resource: { type: "invoice", id: `inv_${index}` }, data: {}, created_at: at });
    }
  });
}

const purge = (before: number) => server.services.database.write((tx) => purgeEvents(tx, new Date(before).toISOString()));

test.each([1, 2, 3, 7, 64, 101])("%i events: each cutoff deletes exactly the older ones, never the newest", async (count) => {
  for (const cutoffDay of [-1, 0, 1, 3, Math.floor(count / 4), Math.floor(count / 2), count]) {
    await seed(count);
    await purge(START + cutoffDay * DAY);
    const expected = Array.from({ length: count }, (_, index) => index)
      .filter((index) => START + Math.floor(index / 2) * DAY >= START + cutoffDay * DAY || index === count - 1)
      .map((index) => `e${index}`);
    expect(await remaining()).toEqual(expected);
  }
});

test("no events: nothing to do", async () => {
  await server.services.database.write((tx) => tx.delete(events));
  await purge(START);
  expect(await remaining()).toEqual([]);
});
