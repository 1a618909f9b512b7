// `npm run accounts -- sign-in-link`: the way in on the embedded default, with no provider set up.
// Run as the operator would, a separate process on the suite's DATA_DIR while the service runs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listMailOfInvoice } from "../../db/queries/mail.ts";
import { findUserByEmail } from "../../db/queries/users.ts";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { cookieJar, type Jar } from "../helpers/sign-in.ts";

const ROOT = join(import.meta.dir, "../..");

let server: TestServer;
let first: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  // The script stamps links with the real time; the service must read them by the same clock.
  server.clock.set(new Date());
  first = await server.account();
});
afterAll(() => server.close());

type Run = { code: number; stdout: string; stderr: string };

async function accounts(...args: string[]): Promise<Run> {
  return accountsWith({ ...server.env, PUBLIC_URL: server.url }, ROOT, args);
}

/** The suite's settings (its DATA_DIR, or database and bucket when scaled) without HOST and PORT, which say where the service is. */
function suiteSettings(): Record<string, string> {
  const { HOST, PORT, ...settings } = server.env;
  return settings;
}

/** The script in `cwd` with `env` over the runner's environment, less anything that says where the service or its data are. */
async function accountsWith(env: Record<string, string>, cwd: string, args: string[]): Promise<Run> {
  const placing = new Set(["PUBLIC_URL", "HOST", "PORT", ...Object.keys(server.env)]);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !placing.has(name)));
  const child = Bun.spawn([process.execPath, join(ROOT, "scripts/accounts.ts"), ...args], {
    cwd,
    env: { ...inherited, ...env, LOG_LEVEL: "silent" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

/** Opens the printed link as a person would: the confirmation page, then its button. */
async function follow(stdout: string): Promise<Jar> {
  const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/link\?token=sil_\w+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no link printed:\n${stdout}`);
  const page = await (await fetch(link)).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] as string;
  const jar = cookieJar();
  const response = await fetch(`${server.url}/auth/link`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
  expect(response.status).toBe(303);
  jar.take(response);
  return jar;
}

const meOf = async (jar: Jar) => (await api(server.url).raw("/api/me", { method: "GET", headers: { cookie: jar.header() } })).body;

describe("npm run accounts -- sign-in-link", () => {
  test("the only account's first person becomes its owner, signs in with the printed link, and the e-mail is queued", async () => {
    const run = await accounts("sign-in-link", "--email", "Founder@Example.com");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`founder@example.com is now owner of ${first.accountId}`);
    expect(run.stdout).toContain("works once, for 15 minutes");
    expect(run.stdout).toContain(`Its address ${server.url} comes from PUBLIC_URL`);
    expect(run.stderr).not.toContain("warning");
    // The service's job delivers it with the service's settings, whatever this process was given.
    expect(run.stdout).toContain("deliver-mail job sends it with the service's own mail settings");
    expect(run.stdout).not.toContain("no SMTP_URL set");
    const me = await meOf(await follow(run.stdout));
    expect(me).toMatchObject({ user: { email: "founder@example.com" }, account: { id: first.accountId }, role: "owner" });
    const user = await findUserByEmail(server.services.database.db, "founder@example.com");
    const [mail] = await listMailOfInvoice(server.services.database.db, first.accountId, user?.id as string);
    expect(mail).toMatchObject({ kind: "sign_in", status: "pending", message: { to: ["founder@example.com"] } });
  });

  test("the next person joins as a member; --role picks another; a member keeps their role", async () => {
    const member = await accounts("sign-in-link", "--email", "colleague@example.com");
    expect(member.stdout).toContain("is now member of");
    expect((await meOf(await follow(member.stdout))).role).toBe("member");
    const admin = await accounts("sign-in-link", "--email", "admin@example.com", "--role", "admin");
    expect((await meOf(await follow(admin.stdout))).role).toBe("admin");
    const again = await accounts("sign-in-link", "--email", "colleague@example.com", "--role", "owner");
    expect(again.stdout).not.toContain("is now");
    expect((await meOf(await follow(again.stdout))).role).toBe("member");
  });

  test("with several accounts, --account is required; an unknown one or a bad address is refused", async () => {
    const second = await server.account();
    const ambiguous = await accounts("sign-in-link", "--email", "someone@example.com");
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("several accounts: name one with --account");
    expect((await accounts("sign-in-link", "--email", "someone@example.com", "--account", "acc_nope")).stderr).toContain("no account acc_nope");
    expect((await accounts("sign-in-link", "--email", "not-an-address")).code).toBe(2);
    expect((await accounts("sign-in-link", "--email", "x@example.com", "--role", "king")).stderr).toContain("unknown role king");
    const named = await accounts("sign-in-link", "--email", "someone@example.com", "--account", second.accountId);
    expect((await meOf(await follow(named.stdout))).account.id).toBe(second.accountId);
  });

  test("PUBLIC_URL and the suite's settings in .env of the working directory, as npm start reads them, make a link that works", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "sign-in-env-"));
    const dotenv = Object.entries({ ...suiteSettings(), PUBLIC_URL: server.url });
    await writeFile(join(cwd, ".env"), dotenv.map(([name, value]) => `${name}=${JSON.stringify(value)}`).join("\n"));
    const run = await accountsWith({}, cwd, ["sign-in-link", "--email", "dotenv@example.com", "--account", first.accountId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Its address ${server.url} comes from PUBLIC_URL, read from the environment and the .env files in ${cwd}`);
    expect((await meOf(await follow(run.stdout))).user.email).toBe("dotenv@example.com");
    await rm(cwd, { recursive: true, force: true });
  });

  test("without PUBLIC_URL the link is built on HOST and PORT, and a warning says when nothing answers there", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = closed.port;
    await closed.stop(true);
    const run = await accountsWith({ ...suiteSettings(), HOST: "127.0.0.1", PORT: String(port) }, ROOT, ["sign-in-link", "--email", "elsewhere@example.com", "--account", first.accountId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`http://127.0.0.1:${port}/auth/link?token=sil_`);
    expect(run.stdout).toContain(`Its address http://127.0.0.1:${port} comes from HOST and PORT (no PUBLIC_URL set)`);
    expect(run.stderr).toContain(`warning: nothing answers at http://127.0.0.1:${port}; if the service runs elsewhere, run this with the PUBLIC_URL (or HOST and PORT) it has`);
  });

  test("with none of PUBLIC_URL, HOST and PORT it says the defaults made the address", async () => {
    const run = await accountsWith(suiteSettings(), ROOT, ["sign-in-link", "--email", "defaults@example.com", "--account", first.accountId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Its address http://127.0.0.1:3000 comes from the defaults, HOST 127.0.0.1 and PORT 3000 (no PUBLIC_URL, HOST or PORT set)");
  });

  test("the usage names the command", async () => {
    const run = await accounts("help-me");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("sign-in-link --email E [--account A] [--role R]");
  });
});
