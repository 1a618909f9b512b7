// One-time sign-in links: asked for by e-mail (the same answer whoever asks), delivered through the
// outbox, confirmed on a page whose GET never spends them, spent by the POST, once, within 15 minutes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { simpleParser } from "mailparser";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { saveProfile } from "../../db/queries/accounts.ts";
import { listMailOfInvoice } from "../../db/queries/mail.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { sendInvite } from "../../server/access/invites.ts";
import { emptyProfile } from "../../server/domain/profile.ts";
import { api, type Api } from "../helpers/http.ts";
import { deliverMail } from "../helpers/mail.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { signedIn } from "../helpers/people.ts";
import { cookieJar, member, onServer } from "../helpers/sign-in.ts";

let server: TestServer;
let owner: TestAccount;
let anonymous: Api;

beforeAll(async () => {
  // Every request here comes from 127.0.0.1: the anonymous tier's 10 a minute would stop the suite.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "1000,10000,100000" } });
  owner = await server.account();
  anonymous = api(server.url);
});
afterAll(() => server.close());

let people = 0;
async function person(): Promise<{ userId: string; email: string }> {
  people += 1;
  const email = `reader${people}@example.com`;
  return { userId: await member(server, { accountId: owner.accountId, email }), email };
}

/** Asks for a link and answers it, read from the outbox row queued for the user. */
async function requestLink(userId: string, email: string, next?: string): Promise<URL> {
  const reply = await anonymous.post("/auth/link/request", { email, ...(next ? { next } : {}) });
  expect(reply.status).toBe(202);
  const [mail] = (await listMailOfInvoice(server.services.database.db, owner.accountId, userId)).slice(-1);
  const url = /https?:\/\/\S+\/auth\/link\?\S+/.exec(mail?.message.text ?? "")?.[0];
  if (!url) throw new Error("no link in the outbox");
  return new URL(url);
}

async function spend(link: URL, headers: Record<string, string> = {}): Promise<Response> {
  const body = new URLSearchParams({ token: link.searchParams.get("token") ?? "", next: link.searchParams.get("next") ?? "" });
  return fetch(`${server.url}/auth/link`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
}

function errorOf(response: Response): string | null {
  expect(response.status).toBe(303);
  return onServer(server, response.headers.get("location") as string).searchParams.get("error");
}

describe("POST /auth/link/request", () => {
  test("e-mails a link through the outbox: the deliver-mail job writes it to DATA_DIR/outbox", async () => {
    const { userId, email } = await person();
    const reply = await anonymous.post("/auth/link/request", { email: email.toUpperCase() });
    expect(reply.status).toBe(202);
    const [queued] = await listMailOfInvoice(server.services.database.db, owner.accountId, userId);
    expect(queued).toMatchObject({ kind: "sign_in", status: "pending", message: { to: [email], subject: "Sign in to Test account", attach: [] } });

    await deliverMail(server);
    const eml = await readFile(join(server.dataDir, "outbox", `${queued?.id}.eml`));
    const parsed = await simpleParser(eml);
    expect(parsed.subject).toBe("Sign in to Test account");
    expect(parsed.text).toContain("It works once and expires in 15 minutes.");
    const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/link\?token=sil_\w+/.exec(parsed.text ?? "")?.[0];
    expect(link).toBeTruthy();
    expect(parsed.html).toContain(`href="${link}"`);
    const [sent] = await server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued?.id as string));
    expect(sent?.status).toBe("sent");
  });

  test("the mail speaks the account profile's language", async () => {
    const other = await server.account();
    await server.services.database.write((tx) => saveProfile(tx, { accountId: other.accountId, profile: { ...emptyProfile(), locale: "de-AT" }, now: server.clock.now() }));
    const userId = await member(server, { accountId: other.accountId, email: "leser@example.de" });
    await anonymous.post("/auth/link/request", { email: "leser@example.de" });
    const [mail] = await listMailOfInvoice(server.services.database.db, other.accountId, userId);
    expect(mail?.message.subject).toBe("Anmeldung bei Test account");
    expect(mail?.message.text).toContain("läuft nach 15 Minuten ab");
    expect(mail?.message.html).toContain('<html lang="de">');
  });

  test("an address without a user gets the same answer, and nothing is queued", async () => {
    const before = (await server.services.database.db.select().from(mailOutbox)).length;
    const known = await person();
    const answers = await Promise.all([anonymous.post("/auth/link/request", { email: "nobody@example.com" }), anonymous.post("/auth/link/request", { email: known.email })]);
    expect(answers[0].status).toBe(202);
    expect(answers[0].body).toEqual(answers[1].body);
    expect((await server.services.database.db.select().from(mailOutbox)).length).toBe(before + 1);
  });

  test("a form post is sent back to the sign-in page, the same for anyone", async () => {
    for (const email of [(await person()).email, "unknown@example.com"]) {
      const response = await fetch(`${server.url}/auth/link/request`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, next: "/app/invoices" }),
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/app/sign-in?sent=1&next=%2Fapp%2Finvoices");
    }
  });

  test("three links per address a minute; more are answered alike but not sent", async () => {
    const { userId, email } = await person();
    for (let index = 0; index < 5; index++) expect((await anonymous.post("/auth/link/request", { email })).status).toBe(202);
    expect(await listMailOfInvoice(server.services.database.db, owner.accountId, userId)).toHaveLength(3);
    server.clock.advance(60_000);
    await anonymous.post("/auth/link/request", { email });
    expect(await listMailOfInvoice(server.services.database.db, owner.accountId, userId)).toHaveLength(4);
  });

  test("an e-mail that is not one is 422", async () => {
    const reply = await anonymous.post("/auth/link/request", { email: "not an address" });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "email" } });
  });
});

describe("GET and POST /auth/link", () => {
  test("GET shows a confirmation with a POST form and does not spend the link; POST signs in and goes on", async () => {
    const { userId, email } = await person();
    const link = await requestLink(userId, email, "/app/approvals");
    expect(link.searchParams.get("next")).toBe("/app/approvals");
    for (let index = 0; index < 2; index++) {
      const page = await fetch(onServer(server, link.toString()), { headers: { "accept-language": "fr-CH,fr;q=0.9" } });
      expect(page.status).toBe(200);
      expect(page.headers.get("referrer-policy")).toBe("same-origin");
      expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
      const html = await page.text();
      expect(html).toContain('<form method="post" action="/auth/link">');
      expect(html).toContain(`name="token" value="${link.searchParams.get("token")}"`);
      expect(html).toContain(`Continuez pour vous connecter en tant que ${email}.`);
    }
    const signedIn = await spend(link, { "user-agent": "MailReader/2" });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/app/approvals");
    const jar = cookieJar();
    jar.take(signedIn);
    const reply = await anonymous.raw("/api/me", { method: "GET", headers: { cookie: jar.header() } });
    expect(reply.status).toBe(200);
    expect(reply.body.user.id).toBe(userId);
    const sessions = await anonymous.raw("/api/me/sessions", { method: "GET", headers: { cookie: jar.header() } });
    expect(sessions.body.data[0]).toMatchObject({ method: "link", user_agent: "MailReader/2", current: true });
  });

  test("a spent link is refused (link_used), and its page says so", async () => {
    const { userId, email } = await person();
    const link = await requestLink(userId, email);
    expect((await spend(link)).headers.get("location")).toBe("/app");
    expect(errorOf(await spend(link))).toBe("link_used");
    const page = await fetch(onServer(server, link.toString()));
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This sign-in link has expired or was already used.");
  });

  test("a link older than 15 minutes is refused (link_expired); one at 14 minutes still works", async () => {
    const { userId, email } = await person();
    const late = await requestLink(userId, email);
    server.clock.advance(60_000);
    const timely = await requestLink(userId, email);
    server.clock.advance(14 * 60_000 + 1);
    expect(errorOf(await spend(late))).toBe("link_expired");
    expect((await spend(timely)).headers.get("location")).toBe("/app");
  });

  test("an unknown token is refused as expired", async () => {
    expect(errorOf(await spend(new URL(`${server.url}/auth/link?token=sil_unknown`)))).toBe("link_expired");
  });

  test("another site cannot post a link to sign a visitor in (login CSRF): 403, the link unspent", async () => {
    const { userId, email } = await person();
    const link = await requestLink(userId, email);
    const forged = await spend(link, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await spend(link, { origin: server.url })).headers.get("location")).toBe("/app");
  });

  test("a stranger on the way to an invite gets a link, and joins the invite's account by it", async () => {
    const inviter = await signedIn(server, { accountId: owner.accountId, role: "owner" });
    const principal = { kind: "session" as const, id: inviter.sessionId, accountId: owner.accountId, tier: "unlimited" as const, scopes: [], userId: inviter.userId, role: "owner" as const };
    const { invite, url } = await sendInvite(server.services, principal, { email: null, role: "member", canApprove: true });
    const invitePage = `${new URL(url).pathname}${new URL(url).search}`;

    // Without the invite, a stranger gets nothing; with it, the link is on its way.
    await anonymous.post("/auth/link/request", { email: "newcomer@example.com" });
    expect(await listMailOfInvoice(server.services.database.db, owner.accountId, invite.id)).toEqual([]);
    const reply = await anonymous.post("/auth/link/request", { email: "newcomer@example.com", next: invitePage });
    expect(reply.status).toBe(202);
    const [mail] = await listMailOfInvoice(server.services.database.db, owner.accountId, invite.id);
    const link = new URL(/http:\S+\/auth\/link\?\S+/.exec(mail?.message.text ?? "")?.[0] as string);
    expect(link.searchParams.get("next")).toBe(invitePage);

    const joined = await spend(link);
    expect(joined.headers.get("location")).toBe("/app");
    const jar = cookieJar();
    jar.take(joined);
    const me = await anonymous.raw("/api/me", { method: "GET", headers: { cookie: jar.header() } });
    expect(me.body).toMatchObject({ user: { email: "newcomer@example.com" }, account: { id: owner.accountId }, role: "member", can_approve: true });
  });
});
