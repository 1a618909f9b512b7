// `npm run backup` and `npm run restore` against the real service in its own process: a backup
// taken while two clients keep creating invoices holds every write acknowledged before it began and
// a consistent database; restored into a fresh DATA_DIR it equals the snapshot table by table and
// row by row, with exactly the blobs its rows reference (an export, a template's logo), and a
// service started there serves an old signed download link (blobs and secret key came along).
// Then each refusal, each damaged backup, and a restore over a service killed mid-run.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import Libsql from "libsql";
import { createLocalBlobStore } from "../../server/platform/blob-store.ts";
import { copyReferencedBlobs, referencedBlobs } from "../../scripts/backup/blobs.ts";
import { openFile } from "../../scripts/backup/database.ts";
import { databaseFilePath } from "../../scripts/backup/location.ts";
import { parseManifest, serializeManifest, type Manifest } from "../../scripts/backup/manifest.ts";
import { invoiceInput } from "../helpers/factories.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, invoiceSteps } from "../helpers/invoices.ts";
import { dataUrl, pngLogo } from "../routers/templates/fixtures.ts";
import { createAccountKey, runScript, startServiceProcess, type ScriptRun, type ServiceProcess } from "../../scripts/service-process.ts";

/** Every table of a database file, each as its rows (JSON, sorted): equal dumps mean equal databases. */
function dumpTables(path: string): Record<string, string[]> {
  const connection = new Libsql(path, { readonly: true });
  try {
    const tables = connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>;
    return Object.fromEntries(tables.map(({ name }) => [name, (connection.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((row) => JSON.stringify(row)).sort()]));
  } finally {
    connection.close();
  }
}

/** invoice_counts as its triggers keep it and as counted from invoices: equal in any consistent copy. */
function invoiceCountsBothWays(path: string): { kept: unknown[]; counted: unknown[] } {
  const connection = new Libsql(path, { readonly: true });
  try {
    return {
      kept: connection.prepare("SELECT account_id, status, type, count FROM invoice_counts WHERE count > 0 ORDER BY 1, 2, 3").all(),
      counted: connection.prepare("SELECT account_id, status, type, count(*) AS count FROM invoices GROUP BY 1, 2, 3 ORDER BY 1, 2, 3").all(),
    };
  } finally {
    connection.close();
  }
}

async function filesUnder(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile());
  const contents = await Promise.all(files.map(async (entry) => [relative(root, join(entry.parentPath, entry.name)), Buffer.from(await readFile(join(entry.parentPath, entry.name))).toString("base64")]));
  return Object.fromEntries(contents);
}

type Acknowledged = { id: string; at: number };

type WriteLoop = {
  /** Each invoice id the service confirmed, in order. */
  /** Each invoice the service confirmed, with the time (epoch ms) its reply arrived. */
  acknowledged: Acknowledged[];
  /** Resolves once `count` writes are acknowledged. */
  reached(count: number): Promise<void>;
  stop(): Promise<void>;
};

/** Creates invoices one after another until stopped. */
function startWriteLoop(client: Api): WriteLoop {
  const acknowledged: Acknowledged[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const { id } = expectStatus(await client.post("/api/invoices", invoiceInput()), 201);
      acknowledged.push({ id, at: Date.now() });
      for (const waiter of waiting.filter(({ count }) => acknowledged.length >= count)) waiter.resolve();
    }
  })();
  return {
    acknowledged,
    reached: (count) => (acknowledged.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    async stop() {
      running = false;
      await done;
    },
  };
}

function expectRefused(run: ScriptRun, exitCode: number, message: RegExp): void {
  expect({ exitCode: run.exitCode, refused: message.test(run.stderr) }, run.stderr).toEqual({ exitCode, refused: true });
}

describe("backup while serving, restore into a fresh DATA_DIR", () => {
  let workDir: string;
  let sourceDir: string;
  let backupDir: string;
  let restoredDir: string;
  let source: ServiceProcess;
  let restored: ServiceProcess | undefined;
  let keys: string[];
  let acknowledged: Acknowledged[];
  let manifest: Manifest;
  /** Writes acknowledged before the backup's snapshot began (the manifest's time, read from the same clock). */
  let acknowledgedBeforeBackup: string[];
  let backupRun: ScriptRun;
  let restoreRun: ScriptRun;
  let download: { path: string; bytes: Buffer };
  let logoTemplateId: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), "invoices-backup-"));
    sourceDir = join(workDir, "source");
    backupDir = join(workDir, "backup");
    restoredDir = join(workDir, "restored");
    source = await startServiceProcess(sourceDir);
    // Two accounts of unlimited tier, so the write loops meet no rate limit.
    keys = [source.defaultKey ?? "", await createAccountKey(sourceDir, "Second", "unlimited"), await createAccountKey(sourceDir, "Third", "unlimited")];
    const [owner, ...writers] = keys.map((key) => api(source.url, key));
    const steps = invoiceSteps(owner!);
    const first = await steps.finalize(await steps.create());
    const exported = expectStatus(await owner!.post(`/api/invoices/${first.id}/export`, { format: "pdf" }), 200);
    // PUBLIC_URL unset and PORT=0: the link names the port the service took.
    expect(exported.url.startsWith(`${source.url}/files/`)).toBe(true);
    const path = new URL(exported.url).pathname + new URL(exported.url).search;
    download = { path, bytes: Buffer.from(await (await fetch(exported.url)).arrayBuffer()) };
    logoTemplateId = expectStatus(await owner!.post("/api/templates", { name: "With logo", base: "modern", logo: dataUrl(pngLogo(), "image/png") }), 201).id;

    const loops = writers.map(startWriteLoop);
    await Promise.all(loops.map((loop) => loop.reached(5)));
    backupRun = await runScript("scripts/backup.ts", ["--to", backupDir], { DATA_DIR: sourceDir });
    const backupEnded = Date.now();
    await Promise.all(loops.map((loop) => loop.stop()));
    acknowledged = loops.flatMap((loop) => loop.acknowledged.filter(({ at }) => at < backupEnded));
    manifest = parseManifest(await readFile(join(backupDir, "manifest.json"), "utf8"));
    acknowledgedBeforeBackup = acknowledged.filter(({ at }) => at < Date.parse(manifest.created_at)).map(({ id }) => id);
    restoreRun = await runScript("scripts/restore.ts", ["--from", backupDir, "--data-dir", restoredDir]);
  }, 120_000);

  afterAll(async () => {
    await restored?.stop();
    await source.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  test("the backup runs while the service keeps acknowledging writes, and restore succeeds", () => {
    expect({ exitCode: backupRun.exitCode, stderr: backupRun.stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(backupRun.stdout).toMatch(/^backed up to .+: database \d+ bytes, [1-9]\d* blobs \(\d+ bytes\), secret key from file\n$/);
    // The writes went on while the script started and while it copied.
    expect(acknowledgedBeforeBackup.length).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeBackup.length);
    expect({ exitCode: restoreRun.exitCode, stderr: restoreRun.stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(restoreRun.stdout.trim().split("\n")).toHaveLength(1);
  });

  // The last of them came a few milliseconds before the snapshot: a copy of the file that missed the
  // write-ahead log, or a manifest stamped after its snapshot, fails here.
  test("the snapshot holds every write acknowledged before the backup began, consistently", () => {
    const snapshot = dumpTables(join(backupDir, "invoices.db"));
    const ids = new Set(snapshot.invoices!.map((row) => (JSON.parse(row) as { id: string }).id));
    expect(acknowledgedBeforeBackup.filter((id) => !ids.has(id))).toEqual([]);
    const counts = invoiceCountsBothWays(join(backupDir, "invoices.db"));
    expect(counts.kept).toEqual(counts.counted);
  });

  test("the restored database equals the snapshot table by table, row by row", () => {
    const snapshot = dumpTables(join(backupDir, "invoices.db"));
    expect(snapshot.accounts).toHaveLength(3);
    expect(snapshot.invoices!.length).toBeGreaterThan(acknowledgedBeforeBackup.length);
    expect(dumpTables(join(restoredDir, "invoices.db"))).toEqual(snapshot);
  });

  test("the restored blobs are exactly those the snapshot's rows reference, byte for byte", async () => {
    const snapshot = openFile(join(backupDir, "invoices.db"));
    const references = await referencedBlobs(snapshot).finally(() => snapshot.close());
    expect(references.map(({ key }) => key.split("/")[0])).toEqual(["files", "logos"]);
    const restoredBlobs = await filesUnder(join(restoredDir, "blobs"));
    expect(Object.keys(restoredBlobs).sort()).toEqual(references.map((reference) => reference.key));
    expect(restoredBlobs).toEqual(await filesUnder(join(backupDir, "blobs")));
    const live = await filesUnder(join(sourceDir, "blobs"));
    for (const [key, bytes] of Object.entries(restoredBlobs)) expect(bytes).toBe(live[key]!);
    expect(await readFile(join(restoredDir, "secret.key"), "utf8")).toBe(await readFile(join(sourceDir, "secret.key"), "utf8"));
  });

  test("a service on the restored DATA_DIR serves the old signed link, the old keys and the template", async () => {
    restored = await startServiceProcess(restoredDir);
    expect(restored.defaultKey).toBeNull();
    const response = await fetch(restored.url + download.path);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(download.bytes)).toBe(true);
    const invoice = expectStatus(await api(restored.url, keys[1]).get(`/api/invoices/${acknowledgedBeforeBackup[0]}`), 200);
    expect(invoice.id).toBe(acknowledgedBeforeBackup[0]);
    // Its logo's bytes are among the blobs compared above; rendering with it would start a render worker for no more proof.
    const template = expectStatus(await api(restored.url, keys[0]).get(`/api/templates/${logoTemplateId}`), 200);
    expect(template.logo).toMatchObject({ content_type: "image/png" });
  });

  test("refusals: a non-empty DATA_DIR without --force, a database a service holds, a used --to folder", async () => {
    const blobsBefore = await filesUnder(join(restoredDir, "blobs"));
    const [notEmpty, held, usedFolder] = await Promise.all([
      runScript("scripts/restore.ts", ["--from", backupDir, "--data-dir", restoredDir]),
      runScript("scripts/restore.ts", ["--from", backupDir, "--data-dir", sourceDir, "--force"]),
      runScript("scripts/backup.ts", ["--to", backupDir], { DATA_DIR: sourceDir }),
    ]);
    expectRefused(notEmpty, 2, /is not empty: .*--force/);
    expectRefused(held, 2, /a process has .*invoices\.db open: stop the service/);
    expectRefused(usedFolder, 2, /is not empty: give a new folder/);
    expect(await filesUnder(join(restoredDir, "blobs"))).toEqual(blobsBefore);
  });

  test("a remote database or a bucket is refused with exit code 2, naming their own backups", async () => {
    const [remoteBackup, bucketBackup, remoteRestore] = await Promise.all([
      runScript("scripts/backup.ts", [], { DATA_DIR: sourceDir, DATABASE_URL: "libsql://db.example.turso.io" }),
      runScript("scripts/backup.ts", [], { DATA_DIR: sourceDir, BLOB_URL: "s3://bucket/prefix" }),
      runScript("scripts/restore.ts", ["--from", backupDir, "--data-dir", join(workDir, "remote")], { DATABASE_URL: "http://127.0.0.1:8080" }),
    ]);
    expectRefused(remoteBackup, 2, /libSQL server.*Turso point-in-time restore/);
    expectRefused(bucketBackup, 2, /BLOB_URL.*versioning/);
    expectRefused(remoteRestore, 2, /not an embedded file/);
  });

  test("a damaged or incomplete backup is refused before the target is touched", async () => {
    const damaged = async (name: string, damage: (folder: string) => Promise<void>): Promise<{ run: ScriptRun; target: Record<string, string> }> => {
      const folder = join(workDir, `damaged-${name}`);
      await cp(backupDir, folder, { recursive: true });
      await damage(folder);
      const target = join(workDir, `target-${name}`);
      return { run: await runScript("scripts/restore.ts", ["--from", folder, "--data-dir", target]), target: await filesUnder(target) };
    };
    const flipLastByte = async (path: string): Promise<void> => {
      const bytes = await readFile(path);
      bytes[bytes.length - 1]! ^= 0xff;
      await writeFile(path, bytes);
    };
    const cases = await Promise.all([
      damaged("database", (folder) => flipLastByte(join(folder, "invoices.db"))),
      damaged("blob", (folder) => flipLastByte(join(folder, "blobs", manifest.blobs.files[0]!.key))),
      damaged("no-manifest", (folder) => rm(join(folder, "manifest.json"))),
      damaged("secret-key", (folder) => writeFile(join(folder, "secret.key"), "sk_other")),
    ]);
    expect(cases.map(({ run }) => run.exitCode)).toEqual([1, 1, 1, 1]);
    expect(cases[0]!.run.stderr).toContain("invoices.db does not match its checksum in the manifest");
    expect(cases[1]!.run.stderr).toContain(`blob ${manifest.blobs.files[0]!.key} does not match its checksum`);
    expect(cases[2]!.run.stderr).toContain("has no manifest.json: it is not a backup, or its backup was interrupted");
    expect(cases[3]!.run.stderr).toContain("secret.key is missing or does not match its checksum");
    // A blob is checked as it is staged, after the database: what was staged is removed again.
    expect(cases.map(({ target }) => target)).toEqual([{}, {}, {}, {}]);
  });

  // Last: it ends the source service.
  test("a service killed without closing leaves a DATA_DIR that restore --force replaces", async () => {
    await source.stop("SIGKILL");
    const run = await runScript("scripts/restore.ts", ["--from", backupDir, "--data-dir", sourceDir, "--force"]);
    expect({ exitCode: run.exitCode, stderr: run.stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(dumpTables(join(sourceDir, "invoices.db"))).toEqual(dumpTables(join(backupDir, "invoices.db")));
    expect(await filesUnder(join(sourceDir, "blobs"))).toEqual(await filesUnder(join(backupDir, "blobs")));
  });
});

describe("which blobs a backup copies", () => {
  const EXPIRED = "2026-11-20T10:00:00.000Z";
  const LIVE = "2026-11-22T10:00:00.000Z";
  const NOW = () => new Date("2026-11-21T10:00:00Z");
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "invoices-backup-blobs-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  test("an export purged after the snapshot is tolerated only when its row had expired; a missing logo never", async () => {
    const from = createLocalBlobStore(join(folder, "from"));
    await from.put("files/fil_present.pdf", new TextEncoder().encode("pdf"));
    const to = () => createLocalBlobStore(join(folder, `to-${crypto.randomUUID()}`));
    const copied = await copyReferencedBlobs(from, to(), [{ key: "files/fil_present.pdf", expiresAt: LIVE }, { key: "files/fil_purged.pdf", expiresAt: EXPIRED }], NOW);
    expect(copied).toEqual({ files: [{ key: "files/fil_present.pdf", bytes: 3, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }], purged: ["files/fil_purged.pdf"] });
    await expect(copyReferencedBlobs(from, to(), [{ key: "files/fil_lost.pdf", expiresAt: LIVE }], NOW)).rejects.toThrow(/files\/fil_lost\.pdf is missing, yet a row of the snapshot needs it until/);
    await expect(copyReferencedBlobs(from, to(), [{ key: "logos/acc_1/abc.png", expiresAt: null }], NOW)).rejects.toThrow(/logos\/acc_1\/abc\.png is missing/);
  });
});

describe("manifest and location", () => {
  const manifest: Manifest = {
    format: "invoicing-service-backup",
    format_version: 1,
    service_version: "0.1.0",
    created_at: "2026-11-21T10:00:00.000Z",
    database: { file: "invoices.db", bytes: 4096, sha256: "a".repeat(64) },
    blobs: { count: 1, bytes: 3, files: [{ key: "files/fil_1.pdf", bytes: 3, sha256: "b".repeat(64) }], purged_during_backup: [] },
    secret_key: { source: "environment" },
  };

  test("a manifest survives its round trip; another format version, a wrong total or a stray field is refused", () => {
    expect(parseManifest(serializeManifest(manifest))).toEqual(manifest);
    expect(() => parseManifest(JSON.stringify({ ...manifest, format_version: 2 }))).toThrow("format version 2; this service reads version 1");
    expect(() => parseManifest(JSON.stringify({ ...manifest, blobs: { ...manifest.blobs, bytes: 4 } }))).toThrow("blob count or bytes disagree");
    expect(() => parseManifest(JSON.stringify({ ...manifest, extra: true }))).toThrow("not a backup manifest");
    expect(() => parseManifest("{")).toThrow("manifest.json is not JSON");
  });

  test("only file: URLs name an embedded database", () => {
    expect(["file:data/invoices.db", "file:///var/lib/invoices.db", "file://localhost/var/lib/invoices.db"].map(databaseFilePath)).toEqual([
      "data/invoices.db",
      "/var/lib/invoices.db",
      "/var/lib/invoices.db",
    ]);
    expect(["libsql://db.turso.io", "http://127.0.0.1:8080", "wss://db.example", "file::memory:", "file:x.db?mode=ro"].map(databaseFilePath)).toEqual([null, null, null, null, null]);
  });
});
