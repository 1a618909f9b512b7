// Examples are tests (issue 21): what a person or an agent is shown, run as written on a fresh account
// with no profile, asserting what the text says happens; none may need a step the text does not show.
// Here: the Invoice DSL in the spec's two layouts, README.md's commands, docs/api-guide.md's examples
// that are not shell (its shell blocks run in order in api-guide.test.ts), and the served /llms.txt.
// The tool descriptions' examples run in the derived-call test of the tool catalog.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatePrivateKey } from "viem/accounts";
import { getAccount } from "../../db/queries/accounts.ts";
import { startFacilitator, type FacilitatorDouble } from "../helpers/facilitator.ts";
import { api } from "../helpers/http.ts";
import { deliverMail } from "../helpers/mail.ts";
import { fencedBlocks, type FencedBlock } from "../helpers/markdown.ts";
import { answerConsent, authorizeUrl, pkcePair, registerClient, REDIRECT_URI } from "../helpers/oauth.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { signedInByLink } from "../helpers/sign-in.ts";

const ROOT = join(import.meta.dir, "../..");
const tools = ["bash", "curl", "jq", "less"].filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
if (tools.length && process.env.CI) throw new Error(`CI lacks ${tools.join(", ")}: .ci/run installs them`);

let server: TestServer;
let facilitator: FacilitatorDouble;
/** Scratch folders inside the repository (`.tmp/` is ignored), so a TypeScript example finds node_modules. */
let scratch: string;

beforeAll(async () => {
  // The API guide's x402 client pays for real: the one server of this file is configured for x402,
  // which changes nothing for a caller with a key.
  facilitator = await startFacilitator();
  server = await startTestServer({ env: { X402_PAY_TO: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", X402_NETWORK: "eip155:84532", X402_FACILITATOR_URL: facilitator.url } });
  await mkdir(join(ROOT, ".tmp"), { recursive: true });
  scratch = await mkdtemp(join(ROOT, ".tmp/docs-examples-"));
});
afterAll(async () => {
  await server.close();
  facilitator.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A new account exactly as made: no legal name, currency, locale or anything else in its profile. */
async function freshAccount(): Promise<{ accountId: string; key: string; client: ReturnType<typeof api> }> {
  const { accountId, key } = await server.account();
  const profile = (await api(server.url, key).get("/api/account")).body;
  expect({ legal_name: profile.legal_name, currency: profile.currency, locale: profile.locale }).toEqual({ legal_name: null, currency: null, locale: null });
  return { accountId, key, client: api(server.url, key) };
}

type Run = { status: number; stdout: string; stderr: string };

/** Runs `command` to its end, asynchronously: the server answering it runs in this process. */
async function spawned(command: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const run = Bun.spawn(command, { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, status] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  return { status, stdout, stderr };
}

const bash = (script: string, env: Record<string, string>, cwd = scratch): Promise<Run> => spawned(["bash", "-c", `set -euo pipefail\n${script}`], cwd, env);

/** Runs a TypeScript example with Bun from a scratch folder in the repository; `prelude` defines what the text leaves to the reader. */
async function typescript(code: string, prelude: string, env: Record<string, string>): Promise<Run> {
  const file = join(scratch, `example-${crypto.randomUUID()}.ts`);
  await writeFile(file, `${prelude}\n${code}`);
  return spawned([process.execPath, file], ROOT, env);
}

/** The one block of `blocks` that contains `marker`. */
function blockWith(blocks: FencedBlock[], marker: string): FencedBlock {
  const found = blocks.filter((block) => block.code.includes(marker));
  expect(found).toHaveLength(1);
  return found[0] as FencedBlock;
}

/** `actual` has the shown JSON's keys and values; a shown string ending in "…" is a prefix. */
function expectShown(actual: Record<string, unknown>, shown: Record<string, unknown>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(shown).sort());
  for (const [field, value] of Object.entries(shown)) {
    if (typeof value === "string" && value.endsWith("…")) expect(String(actual[field])).toStartWith(value.slice(0, -1));
    else expect(actual[field]).toEqual(value);
  }
}

describe("the Invoice DSL in the spec's two layouts", () => {
  // Layout A, keyword lines: FROM name | address, TO name | e-mail, DATE, DUE date, CURRENCY, TAX
  // region, ITEMS with "<description> <quantity> x <symbol and amount>" lines.
  const LAYOUT_A = [
    "INVOICE INV-2026-001",
    "FROM Acme GmbH | Hauptstr. 1, 10115 Berlin",
    "TO Globex Corporation | ap@globex.example",
    "DATE 2026-11-21",
    "DUE 2026-12-21",
    "CURRENCY EUR",
    "TAX DE",
    "ITEMS",
    "  Consulting 10 x €120.00",
    "  Travel 1 x €89.50",
  ].join("\n");
  // Layout B, colon lines: INVOICE #number, FROM: name | e-mail, TO: name | e-mail, DATE:, DUE: terms,
  // "<description> | <quantity> | <amount>" items, TAX: percent, NOTE: — and no currency anywhere.
  const LAYOUT_B = [
    "INVOICE #1001",
    "FROM: Acme Studio | billing@acme.example",
    "TO: Globex Corporation | ap@globex.example",
    "DATE: 2026-11-21",
    "DUE: Net 30",
    "Consulting | 10 | 120.00",
    "Hosting | 1 | 20.00",
    "TAX: 19",
    "NOTE: Thank you for your business.",
  ].join("\n");
  const CURRENCY_HINT = "a currency: add a CURRENCY line (CURRENCY EUR), write the amounts with a code or a symbol of one currency (EUR 120.00, €120.00), or set the account's default currency";
  const SELLER_HINT = "a FROM line naming the seller (the account profile has no legal name to default to)";
  const A_TOTALS = { currency: "EUR", subtotal: 128_950, tax: 24_501, total: 153_451 };
  const B_TOTALS = { subtotal: 122_000, tax: 23_180, total: 145_180 };

  test("layout A is created with its number, parties, dates and totals, in German: TAX DE names the country", async () => {
    const { client } = await freshAccount();
    const created = await client.post("/api/invoices/dsl", { dsl: LAYOUT_A });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ layout: "A", dry_run: false, finalized: false, client_id: null, send: null });
    expect(created.body.invoice).toMatchObject({
      ...A_TOTALS,
      number: "INV-2026-001",
      status: "draft",
      locale: "de-DE",
      from_name: "Acme GmbH",
      from_address: { line1: "Hauptstr. 1, 10115 Berlin" },
      bill_to_name: "Globex Corporation",
      bill_to_email: "ap@globex.example",
      issue_date: "2026-11-21",
      due_date: "2026-12-21",
      tax_rate: 19,
    });
    expect(created.body.invoice.items.map((item: { description: string; quantity: number; rate: number }) => [item.description, item.quantity, item.rate])).toEqual([
      ["Consulting", 10, 12_000],
      ["Travel", 1, 8_950],
    ]);
  });

  test("layout A's directives: FINALIZE locks it in the same call, SEND <e-mail> also e-mails it", async () => {
    const { client } = await freshAccount();
    const finalized = await client.post("/api/invoices/dsl", { dsl: `${LAYOUT_A}\nFINALIZE` });
    expect(finalized.status).toBe(201);
    expect(finalized.body).toMatchObject({ finalized: true, invoice: { ...A_TOTALS, number: "INV-2026-001", locked: true } });
    const sent = await freshAccount();
    const mailed = await sent.client.post("/api/invoices/dsl", { dsl: `${LAYOUT_A.replace("INV-2026-001", "INV-2026-002")}\nSEND books@globex.example` });
    expect(mailed.status).toBe(201);
    expect(mailed.body.invoice).toMatchObject({ ...A_TOTALS, status: "sent", locked: true });
    expect(mailed.body.send).toMatchObject({ to: ["books@globex.example"], subject: "Rechnung INV-2026-002 von Acme GmbH", attachments: ["pdf"], mail_id: expect.stringMatching(/^msg_/) });
  });

  test("a LOCALE line, sent as text/plain, comes before what the document tells", async () => {
    const { key } = await freshAccount();
    const response = await fetch(`${server.url}/api/invoices/dsl`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "text/plain" }, body: `${LAYOUT_A}\nLOCALE en-GB` });
    expect(response.status).toBe(201);
    expect((await response.json()).invoice).toMatchObject({ ...A_TOTALS, locale: "en-GB" });
  });

  test("layout B with plain amounts and no currency anywhere is a 422 that says how to give one; nothing is stored", async () => {
    const { client } = await freshAccount();
    const refused = await client.post("/api/invoices/dsl", { dsl: LAYOUT_B });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "dsl", problems: [{ line: 6, column: 19, text: "120.00", expected: CURRENCY_HINT }] } });
    expect(refused.body.error).toContain(`line 6, column 19: expected ${CURRENCY_HINT}`);
    expect((await client.get("/api/invoices")).body.total).toBe(0);
  });

  test("each fix the hint names creates layout B: a CURRENCY line, amounts with a symbol, the account's default currency", async () => {
    const expected = { ...B_TOTALS, number: "1001", locale: "en-US", from_name: "Acme Studio", from_email: "billing@acme.example", due_date: "2026-12-21", payment_terms: "Net 30", notes: "Thank you for your business." };
    const withLine = await (await freshAccount()).client.post("/api/invoices/dsl", { dsl: `${LAYOUT_B}\nCURRENCY EUR` });
    expect(withLine.status).toBe(201);
    expect(withLine.body).toMatchObject({ layout: "B", invoice: { ...expected, currency: "EUR" } });
    const withSymbol = await (await freshAccount()).client.post("/api/invoices/dsl", { dsl: LAYOUT_B.replace("| 120.00", "| €120.00").replace("| 20.00", "| €20.00") });
    expect(withSymbol.status).toBe(201);
    expect(withSymbol.body.invoice).toMatchObject({ ...expected, currency: "EUR" });
    const { client } = await freshAccount();
    expect((await client.put("/api/account", { currency: "GBP" })).status).toBe(200);
    const withDefault = await client.post("/api/invoices/dsl", { dsl: LAYOUT_B });
    expect(withDefault.status).toBe(201);
    expect(withDefault.body.invoice).toMatchObject({ ...expected, currency: "GBP" });
  });

  test("without a FROM line a fresh account has no seller to default to: a 422 naming the line, fixed by the profile's legal name", async () => {
    const { client } = await freshAccount();
    const sellerless = LAYOUT_A.split("\n").filter((line) => !line.startsWith("FROM")).join("\n");
    const refused = await client.post("/api/invoices/dsl", { dsl: sellerless });
    expect(refused.status).toBe(422);
    expect(refused.body.details.problems).toEqual([{ line: 10, column: 1, text: "", expected: SELLER_HINT }]);
    expect((await client.put("/api/account", { legal_name: "Acme GmbH" })).status).toBe(200);
    const created = await client.post("/api/invoices/dsl", { dsl: sellerless });
    expect(created.status).toBe(201);
    expect(created.body.invoice).toMatchObject({ ...A_TOTALS, from_name: "Acme GmbH" });
  });
});

describe.skipIf(tools.length > 0)("README.md", () => {
  const readme = (): Promise<FencedBlock[]> => readFile(join(ROOT, "README.md"), "utf8").then((text) => fencedBlocks(text, { language: "sh" }));

  test("the first call after set-up creates the invoice it describes, with the key the first start prints", async () => {
    const { key } = await freshAccount();
    const block = blockWith(await readme(), "/api/invoices ");
    expect(block.section).toBe("Set up");
    const run = await bash(block.code.replaceAll("http://127.0.0.1:3000", server.url).replaceAll("svc_…", key), {});
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: "draft",
      from_name: "Acme GmbH",
      bill_to_name: "Globex",
      currency: "EUR",
      locale: "de-DE",
      issue_date: "2026-11-21",
      subtotal: 120_000,
      tax: 22_800,
      total: 142_800,
      amount_due: 142_800,
    });
  });

  test("the import dry run prints what the README shows beneath it", async () => {
    const { key } = await freshAccount();
    const block = blockWith(await readme(), "/api/import");
    expect(block.section).toBe("Importing your history");
    const run = await bash(block.code, { BASE: server.url, KEY: key });
    expect({ status: run.status, stderr: run.stderr, stdout: run.stdout.trim() }).toEqual({ status: 0, stderr: "", stdout: block.next?.code.trim() ?? "(no output shown)" });
  });

  test("the account commands, in order, each id taken from what the one before printed", async () => {
    const block = blockWith(await readme(), "npm run accounts -- create-key");
    expect(block.section).toBe("Accounts and keys");
    // The operator's commands run beside the service on its data, with its address (as README says).
    const env = { ...server.env, PUBLIC_URL: server.url, LOG_LEVEL: "silent" };
    const printed: Record<string, string | undefined> = {};
    const outputs: string[] = [];
    for (const shown of block.code.trim().split("\n")) {
      // "[--account acc_…]" is optional and "owner|admin|member" a choice: the command as run takes both, the first choice.
      const command = shown
        .replace(/\[([^\]]*)\]/g, "$1")
        .replace(/(\w+)(\|\w+)+/g, "$1")
        .replaceAll("acc_…", printed.account ?? "acc_…")
        .replaceAll("key_…", printed.keyId ?? "key_…");
      const run = await bash(command, env, ROOT);
      expect({ command, status: run.status, stderr: run.stderr }).toEqual({ command, status: 0, stderr: "" });
      outputs.push(run.stdout);
      printed.account ??= /^account: (acc_\S+)$/m.exec(run.stdout)?.[1];
      printed.keyId ??= /^key id: (key_\S+)$/m.exec(run.stdout)?.[1];
      printed.key ??= /^API key: (svc_\S+)$/m.exec(run.stdout)?.[1];
      if (command.includes("create-key")) {
        // The key works at once, with the scopes it was given and no others.
        expect((await api(server.url, printed.key).get("/api/invoices")).status).toBe(200);
        expect((await api(server.url, printed.key).put("/api/account", { legal_name: "Globex" })).status).toBe(403);
      }
    }
    const [, , created = "", tiered = "", revoked = "", link = ""] = outputs;
    expect(printed).toEqual({ account: expect.stringMatching(/^acc_/), keyId: expect.stringMatching(/^key_/), key: expect.stringMatching(/^svc_/) });
    expect(outputs[0]).toMatch(/^acc_\S+ +unlimited +Test account$/m);
    expect(created).toContain(`API key: ${printed.key}`);
    expect(tiered).toContain(`${printed.account} is now on the business tier`);
    expect(revoked).toContain(`revoked ${printed.keyId}`);
    expect(link).toContain(`Sign-in link (works once, for 15 minutes):\n${server.url}/`);
    expect(await getAccount(server.services.database.db, printed.account as string)).toMatchObject({ name: "Globex", tier: "business" });
    expect((await api(server.url, printed.key).get("/api/invoices")).status).toBe(401);
  });

  test("the outbox commands list and show the message a send wrote, without SMTP_URL", async () => {
    const { client } = await freshAccount();
    const created = await client.post("/api/invoices/dsl", { dsl: "FROM Acme GmbH\nTO Globex Corporation | ap@globex.example\nCURRENCY EUR\nITEMS\n  Consulting 2 x 120.00\nSEND" });
    expect(created.status).toBe(201);
    await deliverMail(server);
    const block = blockWith(await readme(), "data/outbox/");
    expect(block.section).toBe("Sending e-mail");
    // The README's ./data is the service's DATA_DIR: here the suite's own.
    const folder = await mkdtemp(join(scratch, "outbox-"));
    await symlink(server.dataDir, join(folder, "data"));
    const written = `${created.body.send.mail_id}.eml`;
    expect(await readdir(join(server.dataDir, "outbox"))).toContain(written);
    const [list = "", show = ""] = block.code.trim().split("\n");
    const listed = await bash(list, {}, folder);
    expect(listed.stdout.split("\n")).toContain(written);
    const shown = await bash(show.replace(/msg_\S*…\.eml/, written), {}, folder);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("To: ap@globex.example");
    expect(shown.stdout).toContain(`Subject: Invoice ${created.body.invoice.number} from Acme GmbH`);
    expect(shown.stdout).toContain("Content-Type: application/pdf");
  });
});

describe("docs/api-guide.md beyond its shell blocks", () => {
  const guide = (language: string): Promise<FencedBlock[]> => readFile(join(ROOT, "docs/api-guide.md"), "utf8").then((text) => fencedBlocks(text, { language }));

  test("every block is shell, or an example run here or named here", async () => {
    const text = await readFile(join(ROOT, "docs/api-guide.md"), "utf8");
    const others = fencedBlocks(text).filter((block) => block.language !== "sh");
    expect(others.map((block) => [block.language, block.section])).toEqual([
      ["ts", "Read documents; paid operations"],
      // A frame's script in the console's approval inbox: Chromium runs it in tests/browser/bridge-console.test.ts.
      ["js", "Discovery"],
      // openapi-fetch: run as written in tests/faces/openapi-fetch.test.ts.
      ["ts", "OpenAPI"],
      ["ts", "Typed tRPC"],
      ["console", "An agent connecting with OAuth"],
    ]);
  });

  test("the typed tRPC client reads an invoice with the key", async () => {
    const { key, client } = await freshAccount();
    const created = await client.post("/api/invoices/dsl", { dsl: "FROM Acme GmbH\nTO Globex Corporation\nCURRENCY EUR\nITEMS\n  Consulting 2 x 120.00" });
    const block = blockWith(await guide("ts"), "createTRPCClient");
    const code = block.code.replaceAll("http://127.0.0.1:3000", server.url).replaceAll("inv_…", created.body.invoice.id);
    const run = await typescript(`${code}console.log(JSON.stringify(invoice));`, "", { KEY: key });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({ id: created.body.invoice.id, total: 24_000, currency: "EUR" });
  });

  test("the x402 client pays for the extraction of a PDF with no key and gets its draft", async () => {
    const { client } = await freshAccount();
    const created = await client.post("/api/invoices/dsl", { dsl: "INVOICE INV-7\nFROM Acme Widgets Ltd\nTO Globex Corporation\nDATE 2026-11-05\nCURRENCY GBP\nITEMS\n  Widget 4 x £12.50" });
    const exported = await client.post(`/api/invoices/${created.body.invoice.id}/export`, { format: "pdf" });
    const pdf = join(scratch, "invoice.pdf");
    await writeFile(pdf, new Uint8Array(await (await fetch(exported.body.url)).arrayBuffer()));
    const block = blockWith(await guide("ts"), "wrapFetchWithPayment");
    const prelude = `const BASE = ${JSON.stringify(server.url)};\nconst pdfBytes = await Bun.file(${JSON.stringify(pdf)}).bytes();`;
    const run = await typescript(`${block.code}console.log(JSON.stringify(draft));`, prelude, { WALLET_KEY: generatePrivateKey() });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({ invoice: { number: "INV-7", currency: "GBP" }, document_totals: { total: 5_000 } });
    expect(facilitator.settlements).toHaveLength(1);
  });

  test.skipIf(tools.length > 0)("the OAuth session: the code traded for the tokens shown, and the token calls a tool on /api/mcp", async () => {
    const { accountId } = await freshAccount();
    const block = blockWith(await guide("console"), "/oauth/token");
    // The commands ("$ " and their continuation lines) and what each prints beneath it.
    const steps = block.code.split(/^\$ /m).filter(Boolean).map((step) => {
      const lines = step.trimEnd().split("\n");
      const last = lines.findIndex((line) => !line.endsWith("\\"));
      return { command: lines.slice(0, last + 1).join("\n"), shown: lines.slice(last + 1).join("\n") };
    });
    expect(steps).toHaveLength(2);
    const [exchange, call] = steps as [{ command: string; shown: string }, { command: string; shown: string }];
    // What the guide's shell blocks before it set: the agent registered, its PKCE pair, and the code the person's consent sent back.
    const agent = await registerClient(server);
    const { verifier, challenge } = await pkcePair();
    const person = await signedInByLink(server, accountId);
    const back = await answerConsent(server, authorizeUrl(server, { client_id: agent.client_id, code_challenge: challenge, scope: "invoices:read invoices:write", resource: `${server.url}/api/mcp` }), person.jars[0]?.header() ?? "");
    expect(REDIRECT_URI).toBe("http://127.0.0.1:8976/callback");
    const env = { BASE: server.url, JSON: "Content-Type: application/json", CLIENT_ID: agent.client_id, VERIFIER: verifier, CODE: back.searchParams.get("code") ?? "" };
    const traded = await bash(exchange.command, env);
    expect(traded.status).toBe(0);
    const tokens = JSON.parse(traded.stdout);
    expectShown(tokens, JSON.parse(exchange.shown));
    const called = await bash(call.command.replace("sat_…", tokens.access_token), env);
    expect(called.status).toBe(0);
    const reply = JSON.parse(called.stdout);
    expect(reply.error).toBeUndefined();
    expect(reply.result.isError).toBeUndefined();
    expect(reply.result.structuredContent).toMatchObject({ data: [], total: 0 });
  });
});

describe.skipIf(tools.length > 0)("/llms.txt, as served", () => {
  const served = async (): Promise<FencedBlock[]> => fencedBlocks(await (await fetch(`${server.url}/llms.txt`)).text());

  test("its DSL example, saved as invoice.txt and sent by its curl line, is created numbered and locked", async () => {
    const { key } = await freshAccount();
    const blocks = await served();
    const dsl = blocks.find((block) => block.language === "" && block.section.startsWith("The Invoice DSL"));
    const curl = blockWith(blocks.filter((block) => block.language === "sh"), "/api/invoices/dsl");
    const folder = await mkdtemp(join(scratch, "llms-"));
    await writeFile(join(folder, "invoice.txt"), dsl?.code ?? "");
    const run = await bash(curl.code, { KEY: key }, folder);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({
      layout: "A",
      finalized: true,
      invoice: { number: "INV-2026-0001", locked: true, currency: "EUR", locale: "de-DE", from_name: "Acme GmbH", bill_to_email: "ap@globex.example", subtotal: 128_950, tax: 24_501, total: 153_451, due_date: "2026-12-21" },
    });
  });

  test("its JSON-RPC body, posted to /api/mcp with the key, shows the same invoice and stores nothing", async () => {
    const { key, client } = await freshAccount();
    const body = (await served()).find((block) => block.language === "json")?.code ?? "";
    const reply = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body });
    expect(reply.status).toBe(200);
    const { result, error } = await reply.json();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ layout: "A", dry_run: true, invoice: { currency: "EUR", locale: "de-DE", total: 153_451 } });
    expect((await client.get("/api/invoices")).body.total).toBe(0);
  });
});
