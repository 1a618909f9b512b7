// Runs the README's "Scaling out" recipe as a newcomer would (its `sh` block, with bash, from the
// repository root): a libSQL server and two `npm start` processes over one bucket. The test gives
// the recipe its own ports, folder and bucket (a local s3rver) by rewriting the block's assignment
// lines, and nothing else; then checks what the recipe promises: the default account made once,
// every write seen by both processes, a file rendered by one downloaded from the other, both healthy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts, sqldAvailable } from "../../scripts/sqld.ts";
import { api } from "../helpers/http.ts";
import { fencedBlocks } from "../helpers/markdown.ts";
import { startS3, type S3Server } from "../helpers/s3.ts";

const ROOT = join(import.meta.dir, "../..");
const recipe = fencedBlocks(readFileSync(join(ROOT, "README.md"), "utf8"), { language: "sh", section: "Scaling out" })[0]?.code ?? "";

/** The recipe with each `NAME=value` / `export NAME=value` line whose name is in `values` given that value instead. */
function withValues(script: string, values: Record<string, string>): string {
  return script.replace(/^(export )?(\w+)=.*$/gm, (line, exported: string | undefined, name: string) => (name in values ? `${exported ?? ""}${name}=${JSON.stringify(values[name])}` : line));
}

async function untilHealthy(url: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const reply = await fetch(`${url}/api/health`).catch(() => null);
    if (reply?.status === 200) return (await reply.json()) as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

let s3: S3Server;
let folder: string;
let urls: string[];
let recipeRun: Bun.Subprocess<"pipe", "inherit", "inherit">;

beforeAll(async () => {
  if (!sqldAvailable) return;
  s3 = await startS3();
  folder = await mkdtemp(join(tmpdir(), "readme-scaling-"));
  const [sqldPort, first, second] = await freePorts(3);
  urls = [`http://127.0.0.1:${first}`, `http://127.0.0.1:${second}`];
  const { BLOB_URL, S3_ENDPOINT, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } = s3.env("production");
  const script = withValues(recipe, {
    DIR: folder,
    SQLD_PORT: String(sqldPort),
    PORTS: `${first} ${second}`,
    BLOB_URL: BLOB_URL as string,
    S3_ENDPOINT: S3_ENDPOINT as string,
    AWS_ACCESS_KEY_ID: AWS_ACCESS_KEY_ID as string,
    AWS_SECRET_ACCESS_KEY: AWS_SECRET_ACCESS_KEY as string,
    // Links handed out by either process point at the second: a download crosses processes.
    PUBLIC_URL: urls[1] as string,
  });
  // Its own session, so the whole recipe (sqld, npm, the services) ends together; and tied to this
  // test's stdin pipe, so it ends even if the test process dies without cleaning up.
  const wrapper = `(set -euo pipefail\n${script}\n) <&- & cat >/dev/null; kill -TERM -- -$$ 2>/dev/null`;
  const { DATABASE_URL: _database, BLOB_URL: _blobs, SECRET_KEY: _secret, DATA_DIR: _data, ...inherited } = process.env;
  recipeRun = Bun.spawn(["setsid", "bash", "-c", wrapper], { cwd: ROOT, env: { ...inherited, LOG_LEVEL: "warn", RENDER_WORKERS: "1", OCR_WORKERS: "1" }, stdin: "pipe", stdout: "inherit", stderr: "inherit" });
}, 90_000);

afterAll(async () => {
  if (!sqldAvailable) return;
  await recipeRun.stdin.end();
  await recipeRun.exited;
  // The session's other members (sqld, npm, the services) got SIGTERM too: wait until all are gone.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && (await Promise.all(urls.map((url) => fetch(`${url}/api/health`).then(() => true, () => false)))).some(Boolean)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all([s3.close(), rm(folder, { recursive: true, force: true })]);
}, 60_000);

describe.skipIf(!sqldAvailable)("the README's scaling-out recipe", () => {
  test("two processes over one libSQL server and bucket: one default account, shared writes and files, both healthy", async () => {
    expect(recipe).toContain("npm start");
    const health = await Promise.all(urls.map(untilHealthy));
    for (const report of health) expect(report).toMatchObject({ status: "ok", d1: true, r2: true, kv: true });

    // The first process on the empty database made the default account; the other found it.
    const logs = await Promise.all((await readdir(folder)).filter((name) => name.startsWith("service-")).map((name) => readFile(join(folder, name), "utf8")));
    expect(logs).toHaveLength(2);
    const keys = logs.flatMap((log) => [...log.matchAll(/API key: (\S+)/g)].map((match) => match[1] as string));
    expect(keys).toHaveLength(1);
    const [one, two] = urls.map((url) => api(url, keys[0] as string));

    const created = await one!.post("/api/invoices", { from_name: "Acme GmbH", bill_to_name: "Globex", currency: "EUR", locale: "de-DE", issue_date: "2026-11-21", tax_rate: 19, items: [{ description: "Consulting", quantity: 10, rate: 12000 }] });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    expect((await two!.get(`/api/invoices/${created.body.id}`)).body).toEqual(created.body);

    // Rendered and stored in the bucket by the first, downloaded through the second with the shared secret.
    const exported = await one!.post(`/api/invoices/${created.body.id}/export`, { format: "pdf" });
    expect(exported.status).toBe(200);
    expect(exported.body.url.startsWith(urls[1])).toBe(true);
    const download = await fetch(exported.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await download.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});
