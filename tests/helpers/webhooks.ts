// A webhook receiver for tests (a node:http server on 127.0.0.1 inside the test) and the independent
// check of what it received: the `standardwebhooks` package's verifier.
import { setSystemTime } from "bun:test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expectStatus } from "./invoices.ts";
import type { Api } from "./http.ts";

/** What the service needs to deliver to a receiver on 127.0.0.1 over http (test-only settings). */
export const RECEIVER_ENV = { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" };

/** One request the receiver took; `at`: when its body had arrived (Date.now()). */
export type Received = { path: string; headers: Record<string, string>; body: string; at: number };
/**
 * How the receiver answers one request: a status and body (once `after` settles, when given: the
 * sender waits on the answer meanwhile), or "hang-up" (the socket dropped unanswered).
 */
export type Answer = { status: number; body?: string; after?: Promise<unknown> } | "hang-up";

export type Receiver = {
  url: string;
  received: Received[];
  /** Answers the next requests with these in turn, then with the last one given (200 by default). */
  answer(...answers: Answer[]): void;
  /** Bodies parsed, for the requests to `path` (all by default). */
  events(path?: string): any[];
  /** Resolves once `count` requests in all have arrived. */
  arrived(count: number): Promise<void>;
  stop(): Promise<void>;
  /** Listens again on the same port (after stop). */
  start(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let queue: Answer[] = [];
  let last: Answer = { status: 200, body: "ok" };
  let server: Server | undefined;
  let port = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];

  async function start(): Promise<void> {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        received.push({ path: request.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
        for (const waiter of waiting.filter(({ count }) => received.length >= count)) waiter.resolve();
        const next = queue.shift() ?? last;
        if (queue.length === 0) last = next;
        if (next === "hang-up") request.socket.destroy();
        else void Promise.resolve(next.after).then(() => response.writeHead(next.status, { "content-type": "text/plain" }).end(next.body ?? ""));
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }
  await start();

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(...answers) {
      queue = [...answers];
    },
    events: (path) => received.filter((request) => path === undefined || request.path === path).map((request) => JSON.parse(request.body)),
    arrived: (count) => (received.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    async stop() {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    },
    start,
  };
}

/**
 * Verifies a received delivery with `standardwebhooks` (signature over id, timestamp and body) as if
 * it arrived at `now` (the service's clock: the verifier refuses timestamps 5 minutes off its own
 * Date.now()); returns the payload it accepted, or throws.
 */
export function verifyDelivery(secret: string, delivery: Received, now: Date): unknown {
  setSystemTime(now);
  try {
    return new Webhook(secret).verify(delivery.body, delivery.headers);
  } finally {
    setSystemTime();
  }
}

export type Endpoint = { id: string; secret: string; url: string; [field: string]: any };

export async function createWebhook(client: Api, body: Record<string, unknown>): Promise<Endpoint> {
  return expectStatus(await client.post("/api/webhooks", body), 201);
}

/** A public address (TEST-NET-3) the guard allows without DNS: endpoints the tests never deliver to. */
export const PUBLIC_URL = "https://203.0.113.10/hooks";

/** Calls an `invoices.automate` action through JSON-RPC (POST /api/mcp); the tool's result. */
export async function automate(client: Api, action: string, args: Record<string, unknown> = {}): Promise<{ isError?: boolean; structuredContent?: any; content: Array<{ text: string }> }> {
  const reply = await client.post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.automate", arguments: { action, ...args } } });
  return expectStatus(reply, 200).result;
}
