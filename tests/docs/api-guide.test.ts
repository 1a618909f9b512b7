// Runs every `sh` example of docs/api-guide.md, in order, in one bash session against a fresh server,
// with a new account's key: nothing in its profile but what the guide itself sets. The guide's other
// examples run in examples.test.ts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api } from "../helpers/http.ts";
import { fencedBlocks } from "../helpers/markdown.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

const tools = ["bash", "curl", "jq"].filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
if (tools.length && process.env.CI) throw new Error(`CI lacks ${tools.join(", ")}: .ci/run installs them`);

let server: TestServer;
let owner: TestAccount;
beforeAll(async () => {
  // The guide's webhook points at a local address: allowed here, refused by default (ADR 0017).
  server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } });
  owner = await server.account({ tier: "pro" });
});
afterAll(() => server.close());

// Some sixty curl processes and a few renders: seconds alone, more on a loaded machine (its own timeout).
test.skipIf(tools.length > 0)("the API guide's examples run and print what the guide says", async () => {
  const guide = readFileSync(join(import.meta.dir, "../../docs/api-guide.md"), "utf8");
  const blocks = fencedBlocks(guide, { language: "sh" }).map((block) => block.code);
  const profile = (await api(server.url, owner.key).get("/api/account")).body;
  expect({ legal_name: profile.legal_name, currency: profile.currency, locale: profile.locale }).toEqual({ legal_name: null, currency: null, locale: null });
  expect(blocks.length).toBeGreaterThan(8);
  // curl -s is silent on failure: the trap names the command that stopped the script.
  const script = `set -euo pipefail\ntrap 'echo "stopped at: $BASH_COMMAND" >&2' ERR\n${blocks.join("\n")}`;
  // In a folder of its own: the examples save the files they download.
  const folder = mkdtempSync(join(tmpdir(), "api-guide-"));
  // Asynchronously: the server answering the examples runs in this process.
  const run = Bun.spawn(["bash", "-c", script], { cwd: folder, env: { ...process.env, BASE: server.url, KEY: owner.key, HOOK_URL: `${server.url}/hooks` }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, status] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  rmSync(folder, { recursive: true, force: true });
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  const lines = stdout.trim().split("\n");
  const expected = [
    '{"status":"ok","d1":true,"r2":true,"kv":true}',
    /"legal_name":"Acme GmbH","currency":"EUR","timezone":"Europe\/Berlin"/,
    '{"total":1,"names":["Globex Corporation"]}',
    /"status":"draft","bill_to_name":"Globex Corporation","subtotal":125000,"tax":23150,"total":148150,"tax_breakdown":\[\{"category":"S","rate":7,"taxable":5000,"tax":350\},\{"category":"S","rate":19,"taxable":120000,"tax":22800\}\]/,
    /"revision":1,"items":\[120000,5000\]/,
    /"total":1,"limit":5,"offset":0/,
    '{"revision":2,"notes":"Thank you!","total":148150}',
    '{"code":"REVISION_CONFLICT","details":{"current_revision":2}}',
    '{"status":"sent","number":"INV-2026-0001","locked":true,"amount_due":148150}',
    '{"status":"paid","amount_paid":148150,"amount_due":0}',
    '[{"revision":1,"action":"created","to_status":"draft"},{"revision":2,"action":"updated","to_status":"draft"},{"revision":3,"action":"transitioned","to_status":"sent"},{"revision":4,"action":"payment_recorded","to_status":"paid"}]',
    /"currency":"EUR","invoices":1,"revenue":148150,"outstanding":0,"overdue":0/,
    /"code":"INVALID_AMOUNT","details":\{"field":"items.0.rate"/,
    '"UNAUTHORIZED"',
    '{"number":"INV-2026-0001","status":"paid"}',
    /^\["entities.mutate","entities.query","import","invoices.analytics","invoices.automate","invoices.create"/,
    '["classic","modern","minimal","bold"]',
    '["colors","fonts","footer","labels","margins","paper","show"]',
    '{"format":"pdf","content_type":"application/pdf","file_name":"INV-2026-0001.pdf"}',
    "%PDF-",
    '{"code":"VALIDATION_ERROR","term":"BT-55"}',
    /^\{"revision":\d+,"media_type":"image\/png","png_bytes":\d{4,}\}$/,
    "200 text/html; charset=utf-8",
    '{"number":"INV-2026-0001","status":"paid"}',
    '{"layout":"A","dry_run":true,"linked":true,"total":153451,"due":"2026-12-21"}',
    '{"number":"INV-2026-0002","locked":true,"total":153451}',
    "INVOICE INV-2026-0002",
    "FROM Acme GmbH | Hauptstr. 1, 10115 Berlin, DE | billing@acme.example",
    "TO Globex Corporation | ap@globex.example | 1 Main St, Springfield",
    "DATE 2026-11-21",
    "DUE Net 30",
    "CURRENCY EUR",
    "LOCALE de-DE",
    "TAX DE",
    "ITEMS",
    " Consulting 10 x €120.00",
    " Travel €89.50",
    '{"number":"INV-2026-0002","currency":"EUR","locale":"de-DE","total":153451}',
    '[{"line":2,"column":6,"text":"2026-13-01"},{"line":4,"column":14,"text":"ten"}]',
    "Invoice INV-2026-0001 from Acme GmbH to Globex Corporation for “Consulting” and 1 more item. The total is €1,481.50 including €231.50 VAT. It has been paid in full. No further action is needed.",
    "2 invoices to Globex Corporation (1 draft and 1 paid). Nothing is outstanding.",
    '[{"description":"Consulting","last_rate":12000,"times_used":2}]',
    '{"currency":"EUR","revenue":148150,"outstanding":{"amount":0,"count":0}}',
    '["INV-2026-0001.pdf","INV-2026-0001.csv","INV-2026-0001.txt"]',
    '{"count":2,"file_name":"invoices-pdf-2026-11-21.zip"}',
    '{"progress":1,"total":2}',
    '{"progress":2,"total":2}',
    '{"count":2}',
    '{"code":"VALIDATION_ERROR","format":"xrechnung","term":"BT-55"}',
    '{"status":"paid","to":["ap@globex.example"],"cc":["books@acme.example"],"attachments":["pdf"],"mail":"pending"}',
    '["invoice.sent","invoice.paid","payment.recorded"]',
    '{"enabled":true,"event_types":["invoice.paid","invoice.sent"],"secret":true}',
    '["delivery_id","event_id"]',
    '[{"status":"pending","attempts":0}]',
    '{"status":"active","next_date":"2027-01-31","on_issue":"finalize"}',
    '["2027-01-31","2027-02-28","2027-03-31","2027-04-30"]',
    '{"next_date":"2027-02-28"}',
    '{"number":"INV-7","issue_date":"2026-11-05","currency":"GBP","total":5000,"consistent":true}',
    '{"tier":"pro","allowance":2000,"used":1}',
    '{"code":"PAYMENT_REQUIRED","price":"0.01","missing":["X402_PAY_TO","X402_FACILITATOR_URL"]}',
    '{"status":"previewed","format":"csv","invoices":2,"clients":[{"name":"Initech GmbH","action":"create"},{"name":"Globex Corporation","action":"match"}],"problems":0}',
    '{"status":"completed","invoices":[{"number":"OLD-1","total":47600},{"number":"OLD-2","total":28560}]}',
    '{"same_import":true,"status":"completed"}',
    '{"status":"completed","created":2}',
    '{"format":"csv","encoding":["text"],"invoices":["unchanged","unchanged"]}',
    '{"code":"VALIDATION_ERROR","field":"content"}',
    '{"name":"invoices.create","output":"object","actions":1}',
    '{"type":"function","name":"entities_mutate","strict":true}',
    "20",
    '{"tools":20,"mcp":"/api/mcp"}',
    "# Invoicing service",
    '{"resource":"/api/mcp","bearer":["header"]}',
    '{"pkce":["S256"],"grants":["authorization_code","refresh_token"]}',
    "303 /app/sign-in",
  ];
  expect(lines.length).toBe(expected.length);
  expected.forEach((want, index) => {
    if (typeof want === "string") expect(lines[index]).toBe(want);
    else expect(lines[index]).toMatch(want);
  });
}, 60_000);
