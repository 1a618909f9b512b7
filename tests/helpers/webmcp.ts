// What the browser-agent bridge tests share: other origins for agents (a tiny local site on its own
// port is its own origin), and the agent's side of the postMessage envelope, run inside a page or
// frame with playwright's evaluate.
import type { Frame, Page } from "playwright-core";

export type AgentSite = { origin: string; url: string; close(): void };

/** A site on another port (so another origin) that serves an empty page an agent's script runs in. */
export function startAgentSite(): AgentSite {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => new Response("<!doctype html><html lang=en><title>agent</title><p>agent", { headers: { "content-type": "text/html; charset=utf-8" } }),
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return { origin, url: `${origin}/agent.html`, close: () => void server.stop(true) };
}

export type RpcMessage = { jsonrpc: "2.0"; id?: number; method: string; params?: Record<string, unknown> };
export type RpcReply = { jsonrpc: "2.0"; id: number; result?: any; error?: { code: number; message: string } };
type Target = "self" | "parent" | "opened";

/**
 * Runs in the agent's window: posts `message` in the envelope to the page (this window, its parent,
 * or the window it opened, kept as window.opened) and resolves with the reply of the same id.
 * Every envelope this window receives is also kept in window.received.
 */
function postAndAwait({ target, origin, message }: { target: Target; origin: string; message: RpcMessage }): Promise<RpcReply> {
  const win = window as unknown as { received?: unknown[]; opened?: Window };
  if (!win.received) {
    win.received = [];
    addEventListener("message", (event) => {
      if ((event.data as { type?: string } | null)?.type === "webmcp") win.received!.push(event.data.message);
    });
  }
  return new Promise((resolve) => {
    const listener = (event: MessageEvent): void => {
      const reply = (event.data as { type?: string; message?: RpcReply } | null)?.message;
      if (event.data?.type !== "webmcp" || !reply || reply.id !== message.id || !("result" in reply || "error" in reply)) return;
      removeEventListener("message", listener);
      resolve(reply);
    };
    addEventListener("message", listener);
    const to = target === "self" ? window : target === "parent" ? window.parent : win.opened!;
    to.postMessage({ type: "webmcp", message }, origin);
  });
}

let ids = 0;

/** An MCP request from the agent in `where` to the page at `origin`; resolves with the reply. */
export function rpc(where: Page | Frame, target: Target, origin: string, method: string, params?: Record<string, unknown>): Promise<RpcReply> {
  const message: RpcMessage = { jsonrpc: "2.0", id: ++ids, method, ...(params ? { params } : {}) };
  return where.evaluate(postAndAwait, { target, origin, message });
}

/** Everything in the webmcp envelope `where` has received (replies and notifications). */
export function received(where: Page | Frame): Promise<RpcReply[]> {
  return where.evaluate(() => ((window as unknown as { received?: RpcReply[] }).received ?? []).slice());
}

/** Adds an iframe of `url` to the page and returns its frame once loaded. */
export async function addFrame(page: Page, url: string): Promise<Frame> {
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve, reject) => {
        const frame = document.createElement("iframe");
        frame.title = "agent";
        frame.src = src;
        frame.onload = () => resolve();
        frame.onerror = () => reject(new Error(`${src} did not load`));
        document.body.append(frame);
      }),
    url,
  );
  const frame = page.frames().find((candidate) => candidate.url() === url);
  if (!frame) throw new Error(`no frame for ${url}`);
  return frame;
}

/**
 * Before any page script: records every webmcp envelope the window receives, with its origin
 * (window.envelopes), so a test can see that an untrusted request arrived (and was ignored).
 */
export function recordEnvelopes(): void {
  const win = window as unknown as { envelopes: Array<{ origin: string; message: RpcMessage }> };
  win.envelopes = [];
  addEventListener("message", (event) => {
    if ((event.data as { type?: string } | null)?.type === "webmcp") win.envelopes.push({ origin: event.origin, message: event.data.message });
  });
}
