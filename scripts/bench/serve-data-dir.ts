// A bench's server: the real app on an existing (seeded) DATA_DIR, on a free port it prints as one
// JSON line {port, ...extra}; SIGTERM stops it cleanly. bench:analytics, bench:import and
// bench:scale run it as `--serve DIR` in a child of their own, so the measuring side never shares its
// thread; bench:api's serve.ts after seeding. `databaseUrl` points it at a libSQL server instead of
// DIR's embedded file; `processes` above 1 serves as `npm start` does with WEB_CONCURRENCY: this
// process supervises that many, each this same script (it must call serveDataDir the same way),
// listening on one port with reusePort and counting rate limits in the supervisor's memory.
import type { AnyRouter } from "@trpc/server";
import { RateLimiter } from "../../server/access/rate-limit.ts";
import { createApp } from "../../server/http/app.ts";
import { SERVING_PROCESS, stopOnSignals, supervise, supervisorRateLimits } from "../../server/http/processes.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { closeWorkerPools, createServices } from "../../server/services.ts";

export type ServeOptions = {
  databaseUrl?: string | undefined;
  processes?: number;
  /** Procedures merged into the app's router (the bench echo). */
  router?: AnyRouter;
  /** More fields for the ready line (a key, ids). */
  ready?: Record<string, unknown>;
  logLevel?: string;
  env?: Record<string, string>;
};

export async function serveDataDir(dataDir: string, options: ServeOptions = {}): Promise<never> {
  const processes = options.processes ?? 1;
  const serving = process.env[SERVING_PROCESS] !== undefined;
  const env = {
    DATA_DIR: dataDir,
    PORT: serving ? (process.env.PORT ?? "0") : "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: options.logLevel ?? "silent",
    WEB_CONCURRENCY: String(processes),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const config = loadConfig(env);
  if (processes > 1 && !serving) {
    const supervisor = await supervise({
      processes,
      command: [process.execPath, ...process.argv.slice(1)],
      port: 0,
      host: "127.0.0.1",
      graceMs: config.shutdownGraceMs,
      logger: createLogger("warn"),
      // The serving processes' request lines: a benchmark has no use for them.
      print: () => undefined,
      rateLimits: new RateLimiter(),
    });
    console.log(JSON.stringify({ port: supervisor.port, ...options.ready }));
    stopOnSignals(() => supervisor.stop());
    return new Promise<never>(() => undefined);
  }
  // As `npm start` serves: one process counts rate limits itself, several in their supervisor's memory.
  const services = await createServices(config, serving && processes > 1 ? { rateLimiter: supervisorRateLimits() } : {});
  const app = createApp(services, options.router);
  app.elysia.listen({ port: config.port, hostname: "127.0.0.1", reusePort: serving && processes > 1 });
  const port = app.elysia.server?.port;
  // A serving process tells its supervisor where it listens the way the service does.
  console.log(serving ? `Listening on http://127.0.0.1:${port}` : JSON.stringify({ port, ...options.ready }));
  stopOnSignals(async () => {
    await app.stop();
    await closeWorkerPools(services);
    await services.database.close();
  });
  return new Promise<never>(() => undefined);
}
