// The second service process of a scaled test run (tests/helpers/scaled.ts). It hosts, for each
// suite that asks, that suite's second service: the same services and app as the suite's own
// process, over the same libSQL server and bucket, in a process of its own. One host serves a whole
// run, so the app's modules load once, not once a suite.
// - POST /__test/suites {env} makes a suite's service and answers its id; DELETE /__test/suites/<id> closes it.
// - A request with x-test-suite: <id> is that suite's; x-test-clock carries the suite's time, so a
//   test that moves time moves it here too.
// - POST /__test/suites/<id>/jobs/<name> runs a scheduler job now (no scheduler runs of its own accord).
// Log lines go to stdout as {"suite", "line"}; the first line says where the host listens.
import { clientAddresses, createApp, type App } from "../../server/http/app.ts";
import { JOBS } from "../../server/automation/jobs.ts";
import { createScheduler, type Scheduler } from "../../server/automation/scheduler.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { manualClock } from "../../server/domain/clock.ts";
import { SERVER_BODY_CAP_BYTES } from "../../server/domain/wire.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { closeWorkerPools, createServices, type Services } from "../../server/services.ts";

type Suite = { services: Services; app: App; scheduler: Scheduler; clock: ReturnType<typeof manualClock> };
const suites = new Map<string, Suite>();

async function openSuite(env: Record<string, string>): Promise<string> {
  const id = crypto.randomUUID();
  const clock = manualClock(new Date());
  const services = await createServices(loadConfig(env), { clock, logger: createLogger("info", (line) => console.log(JSON.stringify({ suite: id, line }))) });
  suites.set(id, { services, app: createApp(services), scheduler: createScheduler(services, JOBS), clock });
  return id;
}

async function closeSuite(id: string): Promise<void> {
  const suite = suites.get(id);
  if (!suite) return;
  suites.delete(id);
  const { services } = suite;
  await closeWorkerPools(services);
  await services.database.close();
}

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  maxRequestBodySize: SERVER_BODY_CAP_BYTES,
  idleTimeout: 0,
  async fetch(request, bunServer) {
    const path = new URL(request.url).pathname;
    if (path === "/__test/suites" && request.method === "POST") return Response.json({ id: await openSuite(((await request.json()) as { env: Record<string, string> }).env) });
    const control = path.match(/^\/__test\/suites\/([\w-]+)(?:\/jobs\/([\w-]+))?$/);
    const suite = suites.get(control?.[1] ?? request.headers.get("x-test-suite") ?? "");
    if (control && request.method === "DELETE") return closeSuite(control[1] as string).then(() => new Response(null, { status: 204 }));
    if (!suite) return new Response("no such suite", { status: 404 });
    const time = request.headers.get("x-test-clock");
    if (time) suite.clock.set(new Date(Number(time)));
    if (control?.[2] && request.method === "POST") return Response.json({ ran: await suite.scheduler.run(control[2]) });
    clientAddresses.set(request, bunServer.requestIP(request)?.address ?? "unknown");
    return suite.app.fetch(request);
  },
});
console.log(JSON.stringify({ listening: server.port }));
// The test process holds our stdin: when it ends, however it ends, so do we (its exit handlers may
// never run under bun test).
process.stdin.on("data", () => undefined).on("end", () => process.exit(0));
