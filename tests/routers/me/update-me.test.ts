// PATCH /api/me: the person's own console language, kept with them in every account they belong to
// and answered by GET /api/me from any session; null hands the choice back to the browser. Only a
// person's session may set it, and only to a language the console speaks.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember } from "../../../db/queries/members.ts";
import { caller } from "../../helpers/members.ts";
import { anotherSession, signedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { expectSessionOnly } from "../../helpers/sign-in.ts";

let server: TestServer;
let home: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  home = await server.account();
  other = await server.account();
});
afterAll(() => server.close());

describe("PATCH /api/me", () => {
  test("the language is the person's: every session and every account of theirs answers it; null clears it", async () => {
    const person = await signedIn(server, { accountId: home.accountId, role: "owner", email: "lena@example.com" });
    await server.services.database.write((tx) => addMember(tx, { accountId: other.accountId, userId: person.userId, role: "member", canApprove: false, now: server.clock.now() }));
    const reply = await caller(server.url, { cookie: person.cookie }).patch("/api/me", { interface_language: "de" });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toEqual({ id: person.userId, email: "lena@example.com", name: null, interface_language: "de" });

    // Another sign-in of the same person, acting in the other account.
    const elsewhere = await anotherSession(server, person, other.accountId);
    expect((await caller(server.url, { cookie: elsewhere.cookie }).get("/api/me")).body.user.interface_language).toBe("de");
    // Someone else in the same account keeps their own.
    const colleague = await signedIn(server, { accountId: home.accountId, role: "member" });
    expect((await caller(server.url, { cookie: colleague.cookie }).get("/api/me")).body.user.interface_language).toBeNull();

    expect((await caller(server.url, { cookie: person.cookie }).patch("/api/me", { interface_language: null })).body.user.interface_language).toBeNull();
  });

  test.each([
    ["a language the console does not speak", { interface_language: "tlh" }, "interface_language"],
    ["a locale rather than a language", { interface_language: "de-DE" }, "interface_language"],
    ["nothing at all", {}, "interface_language"],
    ["an unknown field", { interface_language: "fr", theme: "dark" }, "theme"],
  ])("%s → 422 naming the field, nothing kept", async (_name, body, field) => {
    const person = await signedIn(server, { accountId: home.accountId, role: "owner" });
    const client = caller(server.url, { cookie: person.cookie });
    const reply = await client.patch("/api/me", body);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field } });
    expect((await client.get("/api/me")).body.user.interface_language).toBeNull();
  });

  test("only a person's session: no credential 401; a key or an agent 403", async () => {
    await expectSessionOnly(server, home.accountId, (client) => client.patch("/api/me", { interface_language: "fr" }));
  });
});
