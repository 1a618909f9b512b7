// POST /api/invites: a one-time link (shown once, valid 7 days), e-mailed through the outbox when an
// address is given. Owners invite any role; admins and keys members without approval.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import { eq } from "drizzle-orm";
import { invites } from "../../../db/schema/users.ts";
import type { AppRouter } from "../../../routers/index.ts";
import { sha256Hex } from "../../../server/domain/secrets.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { deliverMail, outboxOf, startTestSmtp, type TestSmtp } from "../../helpers/mail.ts";
import { caller, expectMembersRefused, inviteTokenOf, type Caller } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let smtp: TestSmtp;
let account: TestAccount;
let asOwner: Caller;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  account = await server.account();
  asOwner = caller(server.url, { cookie: (await signedIn(server, { accountId: account.accountId, role: "owner" })).cookie });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("POST /api/invites", () => {
  test("201: the link holds a token kept only as its hash; 7 days; nothing e-mailed without an address", async () => {
    const created = expectStatus(await asOwner.post("/api/invites", { role: "member" }), 201);
    expect(created).toEqual({
      id: expect.stringMatching(/^ivt_/),
      email: null,
      role: "member",
      can_approve: false,
      created_by: expect.stringMatching(/^user:usr_/),
      created_at: "2026-11-21T10:00:00.000Z",
      expires_at: "2026-11-28T10:00:00.000Z",
      url: expect.stringMatching(new RegExp(`^${server.url}/app/invite\\?token=sit_[0-9A-Za-z]{28}$`)),
    });
    const [row] = await server.services.database.db.select().from(invites).where(eq(invites.id, created.id));
    expect(row?.tokenHash).toBe(await sha256Hex(inviteTokenOf(created.url)));
    expect(JSON.stringify(row)).not.toContain(inviteTokenOf(created.url));
    expect(await outboxOf(server, account.accountId, created.id)).toHaveLength(0);
  });

  test("with an e-mail: queued in the outbox with the link, delivered by the mail job", async () => {
    const created = expectStatus(await asOwner.post("/api/invites", { email: "New.Person@Example.com", role: "admin", can_approve: true }), 201);
    expect(created).toMatchObject({ email: "new.person@example.com", role: "admin", can_approve: true });
    const [queued] = await outboxOf(server, account.accountId, created.id);
    expect(queued).toMatchObject({ kind: "invite", status: "pending" });
    expect(queued?.message.to).toEqual(["new.person@example.com"]);
    await deliverMail(server);
    const mail = smtp.received.at(-1);
    expect(mail?.envelope.to).toEqual(["new.person@example.com"]);
    expect(mail?.parsed.subject).toBe("You are invited to Test account");
    expect(mail?.parsed.text).toContain(created.url);
    expect(mail?.parsed.text).toContain("as an admin");
    expect(mail?.parsed.html).toContain(`href="${created.url}"`);
  });

  test("the e-mail speaks the account profile's language", async () => {
    const german = await server.account();
    expectStatus(await api(server.url, german.key).put("/api/account", { locale: "de-DE" }), 200);
    const created = expectStatus(await api(server.url, german.key).post("/api/invites", { email: "gast@example.de", role: "member" }), 201);
    const [queued] = await outboxOf(server, german.accountId, created.id);
    expect(queued?.message.subject).toBe("Einladung zu Test account");
    expect(queued?.message.text).toContain("als Mitglied beizutreten");
    expect(queued?.message.text).toContain("bis zum 28. November 2026");
    expect(queued?.message.text).toContain(created.url);
  });

  test("the tRPC face answers the same shape", async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${account.key}` } })] });
    const created = await trpc.invites.create.mutate({ role: "member" });
    expect(created.url).toContain("/app/invite?token=sit_");
    expect(created.created_by).toMatch(/^key:key_/);
  });

  test("an admin invites members without approval, nothing more; a key likewise", async () => {
    const admin = caller(server.url, { cookie: (await signedIn(server, { accountId: account.accountId, role: "admin" })).cookie });
    expectStatus(await admin.post("/api/invites", { role: "member" }), 201);
    expectError(await admin.post("/api/invites", { role: "admin" }), 403, "FORBIDDEN");
    expectError(await admin.post("/api/invites", { role: "owner" }), 403, "FORBIDDEN");
    const withApproval = await admin.post("/api/invites", { role: "member", can_approve: true });
    expectError(withApproval, 403, "FORBIDDEN");
    expect(withApproval.body.details).toEqual({ field: "can_approve" });
    expectError(await api(server.url, account.key).post("/api/invites", { role: "owner" }), 403, "FORBIDDEN");
    expectStatus(await asOwner.post("/api/invites", { role: "owner" }), 201);
  });

  test("an account with no owner yet: its key may invite the first owner", async () => {
    const fresh = await server.account();
    expectStatus(await api(server.url, fresh.key).post("/api/invites", { email: "founder@example.com", role: "owner" }), 201);
    expectError(await api(server.url, fresh.key).post("/api/invites", { role: "admin" }), 403, "FORBIDDEN");
  });

  test("422 for a bad e-mail, an unknown role, an unknown field", async () => {
    for (const body of [{ role: "member", email: "not-an-address" }, { role: "boss" }, {}, { role: "member", note: "hi" }]) {
      expectError(await asOwner.post("/api/invites", body), 422, "VALIDATION_ERROR");
    }
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent", async () => {
    await expectSecurityCases({ server, owner: account, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).post("/api/invites", { role: "member" }, key) });
    await expectMembersRefused(server, account.accountId, (client) => client.post("/api/invites", { role: "member" }));
  });
});
