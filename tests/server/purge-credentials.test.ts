// The hourly purge drops sessions, links, codes and tokens a day after they stopped working, and
// keeps every one that still works.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, signInLinks } from "../../db/schema/sessions.ts";
import { signedIn } from "../helpers/people.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function sessionExists(id: string): Promise<boolean> {
  return (await server.services.database.db.select().from(sessions).where(eq(sessions.id, id))).length === 1;
}

test("an idle session is purged a day after it expired, one in use is kept; an expired sign-in link goes too", async () => {
  const { accountId } = await server.account();
  const idle = await signedIn(server, { accountId });
  server.clock.advance(20 * 86_400_000);
  const active = await signedIn(server, { accountId });
  const at = server.clock.now();
  await server.services.database.write((tx) =>
    tx.insert(signInLinks).values({ tokenHash: "expired-link", email: "a@people.test", createdAt: at.toISOString(), expiresAt: new Date(at.getTime() + 15 * 60_000).toISOString() }),
  );
  server.clock.advance(10 * 86_400_000 + 1);
  await server.scheduler.run("purge-operations");
  // 30 days and a moment after its last use the idle session has expired, but for less than a day.
  expect(await sessionExists(idle.sessionId)).toBe(true);
  server.clock.advance(86_400_000);
  await server.scheduler.run("purge-operations");
  expect(await sessionExists(idle.sessionId)).toBe(false);
  expect(await sessionExists(active.sessionId)).toBe(true);
  // The link expired ten days ago.
  expect(await server.services.database.db.select().from(signInLinks)).toEqual([]);
});
