// Signing in as a browser does, with fetch: a small cookie jar, manual redirects through a provider
// sign-in (start → provider → callback), the people sign-in needs to find, and the security cases of
// the procedures only a signed-in person may call.
import { expect } from "bun:test";
import { join } from "node:path";
import { addMember } from "../../db/queries/members.ts";
import { createUser } from "../../db/queries/users.ts";
import { issueSignInLink } from "../../server/access/sign-in/links.ts";
import type { Role } from "../../server/domain/access.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import type { Reply } from "./http.ts";
import { agentOf, caller, type Caller } from "./members.ts";
import { signedIn } from "./people.ts";
import type { TestServer } from "./server.ts";

export type Jar = {
  /** The Cookie header for the next request ("" when empty). */
  header(): string;
  /** Keeps the response's Set-Cookie values; Max-Age=0 deletes. */
  take(response: Response): void;
  get(name: string): string | undefined;
};

export function cookieJar(): Jar {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = "", ...attributes] = line.split(";");
        const at = pair.indexOf("=");
        const name = pair.slice(0, at).trim();
        if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) cookies.delete(name);
        else cookies.set(name, pair.slice(at + 1).trim());
      }
    },
    get: (name) => cookies.get(name),
  };
}

/** Where a redirect's Location points, on the test server's own address (PUBLIC_URL may be another). */
export function onServer(server: TestServer, location: string): URL {
  const url = new URL(location, server.url);
  return new URL(`${url.pathname}${url.search}`, server.url);
}

/**
 * A provider sign-in through the local provider double: start (which sets the attempt cookie), the
 * provider's consent, then our callback; answers the callback's response. `bend` may change the
 * callback URL the provider sent the browser to (a forged state).
 */
export async function providerSignIn(server: TestServer, provider: string, jar: Jar, options: { next?: string; bend?: (callback: URL) => void } = {}): Promise<Response> {
  const query = options.next ? `?next=${encodeURIComponent(options.next)}` : "";
  const start = await fetch(`${server.url}/auth/${provider}/start${query}`, { redirect: "manual", headers: { cookie: jar.header() } });
  if (start.status !== 302) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  jar.take(start);
  const consent = await fetch(start.headers.get("location") as string, { redirect: "manual" });
  const callback = onServer(server, consent.headers.get("location") as string);
  options.bend?.(callback);
  const done = await fetch(callback, { redirect: "manual", headers: { cookie: jar.header(), "user-agent": "TestBrowser/1.0" } });
  jar.take(done);
  return done;
}

/** A user who is a member of the account (no session: they sign in through the flow under test). */
export async function member(server: TestServer, options: { accountId: string; email: string; role?: Role; name?: string }): Promise<string> {
  const now = server.clock.now();
  return server.services.database.write(async (tx) => {
    const user = await createUser(tx, { email: options.email, name: options.name ?? null, now });
    await addMember(tx, { accountId: options.accountId, userId: user.id, role: options.role ?? "member", canApprove: false, now });
    return user.id;
  });
}

/** Signs a member in with a one-time link as a browser holding `jar` would: the link's form posted. */
export async function linkSignIn(server: TestServer, person: { accountId: string; userId: string; email: string }, jar: Jar): Promise<Response> {
  const link = await server.services.database.write((tx) => issueSignInLink(server.services, tx, { email: person.email, accountId: person.accountId, about: person.userId }, "/app"));
  const token = new URL(link.url).searchParams.get("token") as string;
  const response = await fetch(`${server.url}/auth/link`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ token }),
  });
  jar.take(response);
  return response;
}

let people = 0;

/** A new member of the account, signed in with a link in each of `browsers` browsers (devices) of their own. */
export async function signedInByLink(server: TestServer, accountId: string, browsers = 1): Promise<{ userId: string; email: string; jars: Jar[] }> {
  people += 1;
  const email = `by-link-${people}@example.com`;
  const userId = await member(server, { accountId, email });
  const jars: Jar[] = [];
  for (let index = 0; index < browsers; index++) {
    const jar = cookieJar();
    const response = await linkSignIn(server, { accountId, userId, email }, jar);
    if (response.status !== 303 || !response.headers.getSetCookie().length) throw new Error(`link sign-in answered ${response.status}`);
    jars.push(jar);
  }
  return { userId, email, jars };
}

/**
 * The security cases of a session-only procedure (me.*): no credential 401, an API key and an agent
 * holding every scope 403 (a person's own sessions are no key's business), a signed-out session 401.
 */
export async function expectSessionOnly(server: TestServer, accountId: string, call: (client: Caller) => Promise<Reply>): Promise<void> {
  const outcome = async (client: Caller) => {
    const reply = await call(client);
    return { status: reply.status, code: reply.body?.code };
  };
  expect(await outcome(caller(server.url, { cookie: "" }))).toEqual({ status: 401, code: "UNAUTHORIZED" });
  expect(await outcome(caller(server.url, { key: await server.key(accountId, SCOPES) }))).toEqual({ status: 403, code: "FORBIDDEN" });
  const person = await signedIn(server, { accountId, role: "owner" });
  const agent = await agentOf(server, { accountId, userId: person.userId, scopes: SCOPES });
  expect(await outcome(caller(server.url, { key: agent.token }))).toEqual({ status: 403, code: "FORBIDDEN" });
  await fetch(`${server.url}/auth/sign-out`, { method: "POST", headers: { cookie: person.cookie } });
  expect(await outcome(caller(server.url, { cookie: person.cookie }))).toEqual({ status: 401, code: "UNAUTHORIZED" });
}

/** A sign-in link as an operator gets one on the embedded default: `npm run accounts -- sign-in-link`. */
export async function signInLinkFor(server: TestServer, email: string, accountId: string): Promise<string> {
  const script = Bun.spawn([process.execPath, "scripts/accounts.ts", "sign-in-link", "--email", email, "--account", accountId], {
    cwd: join(import.meta.dir, "../.."),
    env: { ...process.env, ...server.env, PUBLIC_URL: server.url, LOG_LEVEL: "silent" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [output, errors, code] = await Promise.all([new Response(script.stdout).text(), new Response(script.stderr).text(), script.exited]);
  if (code !== 0) throw new Error(`accounts sign-in-link failed: ${errors}`);
  const link = /https?:\/\/\S+\/auth\/link\?\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no link in: ${output}`);
  return link;
}
