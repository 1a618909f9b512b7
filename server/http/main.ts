// Bun entry: `npm start`. Serves the app through Elysia on Bun.serve; SIGTERM drains and closes.
import { createApp } from "./app.ts";
import { ensureDefaultAccount } from "../accounts/default-account.ts";
import { adoptBoundPort, loadConfig } from "../platform/config.ts";
import { JOBS } from "../automation/jobs.ts";
import { createScheduler } from "../automation/scheduler.ts";
import { createServices } from "../services.ts";
import { drainAndClose } from "./shutdown.ts";

const config = loadConfig();
const services = await createServices(config);
await ensureDefaultAccount(services);
const app = createApp(services);
const scheduler = createScheduler(services, JOBS);

app.elysia.listen({ port: config.port, hostname: config.host });
scheduler.start();
const port = app.elysia.server?.port ?? config.port;
adoptBoundPort(config, port);
services.logger.info("listening", { url: `http://${config.host}:${port}`, database: config.databaseUrl.startsWith("file:") ? config.databaseUrl : "remote" });
console.log(`Listening on http://${config.host}:${port}`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  services.logger.info("draining", { signal });
  await drainAndClose(app, scheduler, services);
  services.logger.info("stopped", { signal });
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
