// Runs the README's import example (the `sh` block under "Importing your history") against a fresh
// server and checks it prints the answer the README shows beneath it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api } from "../helpers/http.ts";
import { setProfile } from "../helpers/invoices.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

const tools = ["bash", "curl", "jq"].filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
if (tools.length && process.env.CI) throw new Error(`CI lacks ${tools.join(", ")}: .ci/run installs them`);

let server: TestServer;
let owner: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  await setProfile(api(server.url, owner.key), { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE" });
});
afterAll(() => server.close());

test.skipIf(tools.length > 0)("the README's import dry run prints what the README says", async () => {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  const section = readme.split("## Importing your history")[1]?.split("\n## ")[0] ?? "";
  const [, script = "", shown = ""] = /```sh\n([\s\S]*?)```\s*```\n([\s\S]*?)```/.exec(section) ?? [];
  expect(script).toContain("/api/import");
  const folder = mkdtempSync(join(tmpdir(), "readme-import-"));
  const run = Bun.spawn(["bash", "-c", `set -euo pipefail\n${script}`], { cwd: folder, env: { ...process.env, BASE: server.url, KEY: owner.key }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, status] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  rmSync(folder, { recursive: true, force: true });
  expect({ status, stderr, stdout: stdout.trim() }).toEqual({ status: 0, stderr: "", stdout: shown.trim() });
});
