// SIGTERM's path: stop accepting, finish what is in flight, close the database — of the suite's own
// process, asked directly whatever the topology.
import { expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { drainAndClose } from "../../server/http/shutdown.ts";
import { invoiceInput } from "../helpers/factories.ts";
import { startTestServer } from "../helpers/server.ts";

test("a request in flight when the server drains still completes, then the database closes", async () => {
  const server = await startTestServer();
  const owner = await server.account();
  const body = new TextEncoder().encode(JSON.stringify(invoiceInput()));
  let finishBody: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (finishBody = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(body.slice(0, 10));
      await held;
      controller.enqueue(body.slice(10));
      controller.close();
    },
  });
  const inFlight = fetch(`${server.processUrl}/api/invoices`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json", "content-length": String(body.length) },
    body: stream,
    duplex: "half",
  } as RequestInit);
  // Wait (by yielding, not sleeping) until the server holds the request.
  const bunServer = server.app.elysia.server as unknown as { pendingRequests: number };
  for (let spins = 0; bunServer.pendingRequests === 0; spins++) {
    if (spins > 100_000) throw new Error("the request never reached the server");
    await new Promise((resolve) => setImmediate(resolve));
  }
  const drained = drainAndClose(server.app, server.scheduler, server.services);
  finishBody();
  const response = await inFlight;
  expect(response.status).toBe(201);
  await drained;
  await expect(server.services.database.client.execute("select 1")).rejects.toThrow();
  await expect(fetch(`${server.processUrl}/api/health`)).rejects.toThrow();
  await rm(server.dataDir, { recursive: true, force: true });
});

test("past the grace period (SHUTDOWN_GRACE_MS) a request still open is dropped and background work is stopped as SERVICE_UNAVAILABLE", async () => {
  const server = await startTestServer({ env: { SHUTDOWN_GRACE_MS: "100" } });
  const owner = await server.account();
  // A body that never completes, and work that ends only when it is stopped.
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"notes":')) });
  const inFlight = fetch(`${server.processUrl}/api/invoices`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json", "content-length": "1000" },
    body: stream,
    duplex: "half",
  } as RequestInit).then(
    () => "answered",
    () => "dropped",
  );
  const bunServer = server.app.elysia.server as unknown as { pendingRequests: number };
  for (let spins = 0; bunServer.pendingRequests === 0; spins++) {
    if (spins > 100_000) throw new Error("the request never reached the server");
    await new Promise((resolve) => setImmediate(resolve));
  }
  const controller = new AbortController();
  const work = server.services.work.track("import:endless", { owner: owner.accountId, controller, state: () => null });
  controller.signal.addEventListener("abort", () => void work.end(), { once: true });

  await drainAndClose(server.app, server.scheduler, server.services);
  expect(controller.signal.reason).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  expect(await server.services.work.read("import:endless")).toBeNull();
  expect(await inFlight).toBe("dropped");
  await rm(server.dataDir, { recursive: true, force: true });
});
