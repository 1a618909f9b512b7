// The scaled topology the CI job runs the whole suite in (TEST_TOPOLOGY=scaled, `.ci/run`): each
// suite gets its own libSQL server (sqld) and S3 bucket (s3rver), the suite's own service process
// plus a second one (second-process.ts) over them, and a round-robin proxy in front, whose address
// is the suite's `url`. The same tests, with DATABASE_URL and BLOB_URL pointing elsewhere and every
// other request answered by another process.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { SERVER_BODY_CAP_BYTES } from "../../server/domain/wire.ts";
import { startS3, type S3Server } from "./s3.ts";
import { startSqld, type Sqld } from "../../scripts/sqld.ts";

export const scaledRun = process.env.TEST_TOPOLOGY === "scaled";

export type Backends = { env: Record<string, string>; close(): Promise<void> };

/** A fresh libSQL server and bucket, and the environment that points a service at them. */
export async function startBackends(): Promise<Backends> {
  const [sqld, s3]: [Sqld, S3Server] = await Promise.all([startSqld(), startS3()]);
  return {
    // Hrana over WebSocket: one connection, several times faster a statement than over HTTP.
    env: { DATABASE_URL: sqld.url.replace(/^http:/, "ws:"), ...s3.env("suite"), SECRET_KEY: `sk_${crypto.randomUUID()}` },
    async close() {
      await Promise.all([sqld.stop(), s3.close()]);
    },
  };
}

/** A running second-process host: where it listens, and whose log lines go where. */
type Host = { url: string; child: ChildProcess; sinks: Map<string, (line: string) => void> };

async function spawnHost(): Promise<Host> {
  const child = spawn(process.execPath, [join(import.meta.dir, "second-process.ts")], { stdio: ["pipe", "pipe", "inherit"] });
  const sinks = new Map<string, (line: string) => void>();
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the second service process exited with ${code} before listening`)));
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { listening?: number; suite?: string; line?: string };
      if (message.listening !== undefined) resolve(message.listening);
      else if (message.suite !== undefined) sinks.get(message.suite)?.(message.line ?? "");
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, sinks };
}

async function stopHost(host: Host, signal: NodeJS.Signals): Promise<void> {
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  const exited = new Promise((resolve) => host.child.once("exit", resolve));
  host.child.kill(signal);
  await exited;
}

/**
 * The host every suite of a scaled run shares: its modules load once for the whole run. It ends
 * itself when the test process does (its stdin, a pipe from here, closes).
 */
let sharedHost: Promise<Host> | null = null;

export type SecondProcess = {
  /** Where to send this suite's requests, with `headers`. */
  target: { url: string; headers: Record<string, string> };
  /** A request to this process alone, at the suite's time `now`. */
  fetch(path: string, now: Date, init?: RequestInit): Promise<Response>;
  /** Runs a scheduler job in this process now (if it gets the lease). */
  runJob(name: string, now: Date): Promise<boolean>;
  /** Ends the process as a crash would (SIGKILL): nothing flushed, nothing closed. Dedicated processes only. */
  kill(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The suite's second service with `env`, its log lines going to `sink`: in the run's shared host,
 * or in a process of its own (`dedicated`) that a test may kill.
 */
export async function startSecondProcess(env: Record<string, string>, sink: (line: string) => void, { dedicated = false } = {}): Promise<SecondProcess> {
  const host = dedicated ? await spawnHost() : await (sharedHost ??= spawnHost());
  const opened = await fetch(`${host.url}/__test/suites`, { method: "POST", body: JSON.stringify({ env: { ...env, RENDER_WORKERS: "1", OCR_WORKERS: "1" } }) });
  if (!opened.ok) throw new Error(`the second service did not start: ${await opened.text()}`);
  const { id } = (await opened.json()) as { id: string };
  host.sinks.set(id, sink);
  const headersAt = (now: Date) => ({ "x-test-suite": id, "x-test-clock": String(now.getTime()) });
  return {
    target: { url: host.url, headers: { "x-test-suite": id } },
    fetch: (path, now, init = {}) => fetch(`${host.url}${path}`, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), ...headersAt(now) } }),
    async runJob(name, now) {
      const reply = await fetch(`${host.url}/__test/suites/${id}/jobs/${name}`, { method: "POST", headers: headersAt(now) });
      return ((await reply.json()) as { ran: boolean }).ran;
    },
    async kill() {
      if (!dedicated) throw new Error("only a dedicated second process may be killed");
      await stopHost(host, "SIGKILL");
    },
    async close() {
      if (host.child.exitCode === null && host.child.signalCode === null) await fetch(`${host.url}/__test/suites/${id}`, { method: "DELETE" }).catch(() => undefined);
      host.sinks.delete(id);
      if (dedicated) await stopHost(host, "SIGTERM");
    },
  };
}

export type Proxy = { url: string; port: number; close(): Promise<void> };

/**
 * A round-robin HTTP proxy: request n goes to `targets[n % targets.length]` with that target's
 * headers and the suite's time in x-test-clock (the second process takes its clock from it).
 * Bodies and answers stream through.
 */
export function startProxy(targets: () => ReadonlyArray<{ url: string; headers: Record<string, string> }>, now: () => Date): Proxy {
  let next = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: SERVER_BODY_CAP_BYTES,
    idleTimeout: 0,
    async fetch(request) {
      const list = targets();
      const target = list[next++ % list.length] as { url: string; headers: Record<string, string> };
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(target.headers)) headers.set(name, value);
      headers.set("x-test-clock", String(now().getTime()));
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      return fetch(`${target.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: hasBody ? request.body : undefined,
        redirect: "manual",
        signal: request.signal,
        // Bun decompresses by default; the proxy passes bytes through as they came.
        decompress: false,
      } as RequestInit);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port as number,
    close: () => server.stop(true),
  };
}
