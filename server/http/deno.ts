// Deno entry: the same app as server/http/main.ts, served by Deno.serve. Run with
// `deno run --allow-net --allow-env --allow-read --allow-write --allow-ffi --allow-sys --allow-run --unstable-no-legacy-abort server/http/deno.ts`
// (`npm run start:deno`; --allow-run lets the console's build start esbuild). Only this file differs from the Bun entry.
import { clientAddresses, createApp } from "./app.ts";
import { ensureDefaultAccount } from "../accounts/default-account.ts";
import { adoptBoundPort, loadConfig } from "../platform/config.ts";
import { JOBS } from "../automation/jobs.ts";
import { createScheduler } from "../automation/scheduler.ts";
import { createServices } from "../services.ts";
import { drainAndClose } from "./shutdown.ts";

declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen?(address: { port: number; hostname: string }): void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { finished: Promise<void>; shutdown(): Promise<void> };
  addSignalListener(signal: "SIGTERM" | "SIGINT", handler: () => void): void;
  exit(code: number): never;
};

const config = loadConfig();
const services = await createServices(config);
await ensureDefaultAccount(services);
const app = createApp(services);
const scheduler = createScheduler(services, JOBS);

const server = Deno.serve(
  {
    port: config.port,
    hostname: config.host,
    onListen: ({ hostname, port }) => {
      adoptBoundPort(config, port);
      console.log(`Listening on http://${hostname}:${port}`);
    },
  },
  (request, info) => {
    clientAddresses.set(request, info.remoteAddr.hostname);
    return app.fetch(request);
  },
);
scheduler.start();

async function shutdown(): Promise<void> {
  await drainAndClose({ stop: () => server.shutdown() }, scheduler, services);
  Deno.exit(0);
}
Deno.addSignalListener("SIGTERM", () => void shutdown());
Deno.addSignalListener("SIGINT", () => void shutdown());
