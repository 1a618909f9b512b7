// Bun entry: `npm start`. Serves the app through Elysia on Bun.serve; SIGTERM drains and closes.
// With WEB_CONCURRENCY above 1 (one per CPU by default) this process prepares the database and the
// first start's account once, then supervises that many serving processes, each this same entry
// listening on the one port with reusePort (server/http/processes.ts, ADR 0043).
import { createApp } from "./app.ts";
import { SERVING_PROCESS, stopOnSignals, supervise, supervisorRateLimits } from "./processes.ts";
import { RateLimiter } from "../access/rate-limit.ts";
import { ensureDefaultAccount } from "../accounts/default-account.ts";
import { adoptBoundPort, loadConfig, type Config } from "../platform/config.ts";
import { createLogger } from "../platform/logger.ts";
import { flushRateLimits, JOBS } from "../automation/jobs.ts";
import { createScheduler } from "../automation/scheduler.ts";
import { closeWorkerPools, createServices, type ServiceOverrides } from "../services.ts";
import { drainAndClose } from "./shutdown.ts";

const config = loadConfig();
const servingProcess = process.env[SERVING_PROCESS];

/** SO_REUSEPORT spreads connections among processes on Linux only; elsewhere the port is one process's. */
function processCount(config: Config): number {
  if (config.processes === 1 || process.platform === "linux") return config.processes;
  console.log(`WEB_CONCURRENCY=${config.processes}: several processes on one port need Linux's SO_REUSEPORT; serving with one process on ${process.platform}.`);
  return 1;
}

/** A serving process names itself on every log line, and counts rate limits in memory in its supervisor's. */
function servingOverrides(index: number): ServiceOverrides {
  return { logger: createLogger(config.logLevel, undefined, { process: index }), ...(config.rateLimitStore === "memory" ? { rateLimiter: supervisorRateLimits() } : {}) };
}

async function serve(processes: number): Promise<void> {
  const services = await createServices(config, servingProcess ? servingOverrides(Number(servingProcess)) : {});
  if (!servingProcess) await ensureDefaultAccount(services);
  const app = createApp(services);
  const scheduler = createScheduler(services, JOBS);
  app.elysia.listen({ port: config.port, hostname: config.host, reusePort: processes > 1 });
  scheduler.start();
  const port = app.elysia.server?.port ?? config.port;
  adoptBoundPort(config, port);
  services.logger.info("listening", { url: `http://${config.host}:${port}`, database: config.databaseUrl.startsWith("file:") ? config.databaseUrl : "remote" });
  console.log(`Listening on http://${config.host}:${port}`);
  stopOnSignals(async (signal) => {
    services.logger.info("draining", { signal });
    await drainAndClose(app, scheduler, services);
    services.logger.info("stopped", { signal });
  });
}

/**
 * Migrations and the first start's account, once; then the serving processes. The database stays
 * open for the rate limits counted here: read back at start, flushed as one process flushes them.
 */
async function superviseProcesses(processes: number): Promise<void> {
  const services = await createServices(config);
  await ensureDefaultAccount(services);
  await closeWorkerPools(services);
  const { rateLimiter, database, clock } = services;
  const logger = createLogger(config.logLevel);
  const counted = rateLimiter instanceof RateLimiter ? rateLimiter : undefined;
  const flush = (): Promise<void> => counted?.upkeep(database, clock.now()).catch((error: unknown) => logger.warn("rate-limit counts not saved", { error: String(error) })) ?? Promise.resolve();
  const flushing = setInterval(() => void flush(), flushRateLimits.everyMs);
  const supervisor = await supervise({ processes, command: [process.execPath, ...process.argv.slice(1)], port: config.port, host: config.host, graceMs: config.shutdownGraceMs, logger, print: console.log, ...(counted ? { rateLimits: counted } : {}) });
  logger.info("serving", { processes, pids: supervisor.pids() });
  stopOnSignals(async (signal) => {
    logger.info("stopping every service process", { signal });
    await supervisor.stop();
    clearInterval(flushing);
    await flush();
    await database.close();
    logger.info("stopped", { signal });
  });
}

const processes = servingProcess ? config.processes : processCount(config);
await (processes > 1 && !servingProcess ? superviseProcesses(processes) : serve(processes));
