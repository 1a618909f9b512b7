// Starts the real service on 127.0.0.1 with a fresh libSQL file, for one test suite; in the scaled
// run (TEST_TOPOLOGY=scaled, tests/helpers/scaled.ts) over its own libSQL server and bucket, with a
// second service process and a round-robin proxy in front.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAccount, createApiKey } from "../../db/queries/accounts.ts";
import { createApp, type App } from "../../server/http/app.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { manualClock } from "../../server/domain/clock.ts";
import { SCOPES, type Scope } from "../../server/domain/scopes.ts";
import type { TierName } from "../../server/domain/tiers.ts";
import { JOBS } from "../../server/automation/jobs.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { createScheduler, type Scheduler } from "../../server/automation/scheduler.ts";
import { closeWorkerPools, createServices, type Services } from "../../server/services.ts";
import { scaledRun, startBackends, startProxy, startSecondProcess, type Backends, type SecondProcess } from "./scaled.ts";

export type TestAccount = { accountId: string; key: string };

export type TestServer = {
  url: string;
  /**
   * The suite's own process, bypassing the scaled run's proxy (the same as `url` otherwise): for
   * what is kept per process on purpose, such as health's one-second cache.
   */
  processUrl: string;
  /** The second service process, in the scaled topology only. */
  second: SecondProcess | null;
  /** The suite's own DATA_DIR, removed by close() unless it was given. */
  dataDir: string;
  /** The environment the service runs with: a script run on the suite's data (npm run accounts) takes it too. */
  env: Record<string, string>;
  services: Services;
  app: App;
  clock: ReturnType<typeof manualClock>;
  scheduler: Scheduler;
  /** Log lines the service wrote (JSON strings). */
  logs: string[];
  /** Resolves with the first log line (written already or still to come) that `matches`. */
  logLine(matches: (line: string) => boolean): Promise<string>;
  /** A new account with a key holding `scopes` (all by default). */
  account(options?: { scopes?: readonly Scope[]; tier?: TierName }): Promise<TestAccount>;
  /** Another key on an existing account. */
  key(accountId: string, scopes: readonly Scope[]): Promise<string>;
  close(): Promise<void>;
};

export type TestServerOptions = {
  env?: Record<string, string>;
  now?: string;
  /** Start on an existing DATA_DIR (a restart of a suite's service); the caller removes it. */
  dataDir?: string;
  /**
   * "single" keeps a suite in one process (its own embedded database) even in the scaled run, for a
   * suite that changes the service's objects in memory (say why where it is used); "scaled" gives a
   * suite two processes over sqld and S3 in every run (tests/scale/).
   */
  topology?: "single" | "scaled";
};

/** In the scaled run, a DATA_DIR's libSQL server and bucket, kept for restarts on it until the run ends. */
const backendsByDataDir = new Map<string, Promise<Backends>>();

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "invoices-test-")));
  const scaled = options.topology === "scaled" || (scaledRun && options.topology !== "single");
  if (scaled && !backendsByDataDir.has(dataDir)) backendsByDataDir.set(dataDir, startBackends());
  const backends = scaled ? await backendsByDataDir.get(dataDir) : undefined;
  // One process: the suite's service is this one (and, scaled, a second one its proxy knows of).
  const env = { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", KEY_CACHE_MS: "0", WEB_CONCURRENCY: "1", ...backends?.env, ...options.env };
  const config = loadConfig(env);
  const clock = manualClock(options.now ?? "2026-11-21T10:00:00Z");
  const logs: string[] = [];
  const waiting: Array<{ matches: (line: string) => boolean; resolve: (line: string) => void }> = [];
  const sink = (line: string): void => {
    logs.push(line);
    for (const waiter of waiting.filter((candidate) => candidate.matches(line))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  };
  const services = await createServices(config, { clock, logger: createLogger("info", sink) });
  const app = createApp(services);
  app.elysia.listen({ port: 0, hostname: "127.0.0.1" });
  const ownUrl = `http://127.0.0.1:${app.elysia.server?.port}`;
  let second: SecondProcess | null = null;
  const own = { url: ownUrl, headers: {} };
  const proxy = scaled ? startProxy(() => [own, second?.target ?? own], () => clock.now()) : null;
  const url = proxy?.url ?? ownUrl;
  // Links the service hands out (downloads, share pages) point at the address the suite really got,
  // unless the suite is about a PUBLIC_URL of its own.
  if (!options.env?.PUBLIC_URL) services.config.publicUrl = url;
  if (scaled) second = await startSecondProcess({ ...env, PUBLIC_URL: services.config.publicUrl }, sink, { dedicated: options.topology === "scaled" });
  const scheduler = createScheduler(services, JOBS);

  async function key(accountId: string, scopes: readonly Scope[]): Promise<string> {
    return (await services.database.write((tx) => createApiKey(tx, { accountId, name: "test", scopes, now: clock.now() }))).token;
  }

  return {
    url,
    processUrl: ownUrl,
    env,
    get second() {
      return second;
    },
    dataDir,
    services,
    app,
    clock,
    scheduler,
    logs,
    logLine(matches) {
      const written = logs.find(matches);
      return written !== undefined ? Promise.resolve(written) : new Promise((resolve) => waiting.push({ matches, resolve }));
    },
    async account({ scopes = SCOPES, tier = "unlimited" } = {}) {
      const account = await services.database.write((tx) => createAccount(tx, { name: "Test account", tier, now: clock.now() }));
      return { accountId: account.id, key: await key(account.id, scopes) };
    },
    key,
    async close() {
      await scheduler.stop();
      // Forced: a test that left an upload unread (a refused oversized body) must not hold the suite.
      await app.elysia.stop(true);
      await closeWorkerPools(services);
      await second?.close();
      await proxy?.close();
      await services.database.close();
      if (!options.dataDir) {
        await rm(dataDir, { recursive: true, force: true });
        await backends?.close();
        backendsByDataDir.delete(dataDir);
      }
    },
  };
}
