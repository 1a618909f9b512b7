// The postMessage door: an agent in this window, in a frame, or in a window that holds a reference
// to this one speaks plain MCP JSON-RPC 2.0 to the page, each message wrapped in an envelope:
//
//   agent → page   window.postMessage({ type: "webmcp", message: {jsonrpc: "2.0", id, method, params} }, pageOrigin)
//   page → agent   event.source.postMessage({ type: "webmcp", message: {jsonrpc: "2.0", id, result | error} }, event.origin)
//
// Methods: initialize, ping, tools/list, tools/call (notifications, such as notifications/initialized,
// get no answer). After an initialize, the page tells that window `notifications/tools/list_changed`
// when the page's tools change. Only trusted origins (the page's own and those the server names in
// <meta name="webmcp-origins">) get any answer; any other sender is ignored entirely, so it learns
// neither the tools nor that the bridge exists.
import { callPageTool, findPageTool, onPageToolsChanged, pageTools } from "./registry.ts";

export const ENVELOPE_TYPE = "webmcp";
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export const TRUSTED_ORIGINS_META = "webmcp-origins";

type JsonRpcId = string | number;
type Request = { jsonrpc: "2.0"; id?: JsonRpcId; method: string; params?: Record<string, unknown> };
type Reply = { jsonrpc: "2.0"; id: JsonRpcId | null; result?: unknown; error?: { code: number; message: string } };

/** The origins the server lets drive this page (besides its own), from the meta tag it wrote. */
export function trustedOriginsOf(doc: Document): Set<string> {
  const listed = doc.querySelector(`meta[name="${TRUSTED_ORIGINS_META}"]`)?.getAttribute("content") ?? "";
  return new Set([doc.defaultView?.location.origin ?? "", ...listed.split(/\s+/)].filter((origin) => origin && origin !== "null"));
}

function isRequest(message: unknown): message is Request {
  const candidate = message as Partial<Request> | null;
  return typeof candidate === "object" && candidate !== null && candidate.jsonrpc === "2.0" && typeof candidate.method === "string";
}

function toolListing(): Record<string, unknown>[] {
  return pageTools().map(({ name, title, description, inputSchema, annotations, needsConfirmation }) => ({
    name,
    title,
    description,
    inputSchema,
    annotations: { title, ...annotations },
    // Not an MCP field: tells the agent this call waits for the person's click.
    _meta: { needsConfirmation: needsConfirmation === true },
  }));
}

const failure = (code: number, message: string) => ({ error: { code, message } });

async function answer(request: Request): Promise<Omit<Reply, "jsonrpc" | "id">> {
  const params = request.params ?? {};
  switch (request.method) {
    case "initialize": {
      const asked = params.protocolVersion;
      const protocolVersion = PROTOCOL_VERSIONS.find((version) => version === asked) ?? PROTOCOL_VERSIONS[0];
      return { result: { protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: "invoicing-page", title: document.title, version: "1" } } };
    }
    case "ping":
      return { result: {} };
    case "tools/list":
      return { result: { tools: toolListing() } };
    case "tools/call": {
      const tool = typeof params.name === "string" ? findPageTool(params.name) : undefined;
      if (!tool) return failure(-32602, `Unknown tool: ${String(params.name)}`);
      return { result: await callPageTool(tool, params.arguments) };
    }
    default:
      return failure(-32601, `Method not found: ${request.method}`);
  }
}

/**
 * Starts answering trusted senders on `win`; returns the function that stops. The trusted origins
 * are read once, when it starts.
 */
export function startPostMessageBridge(win: Window): () => void {
  const trusted = trustedOriginsOf(win.document);
  // Windows that initialized, to be told when the tools change.
  const sessions = new Map<MessageEventSource, string>();

  const post = (target: MessageEventSource, origin: string, message: Reply | Request): void => {
    try {
      (target as Window).postMessage({ type: ENVELOPE_TYPE, message }, origin);
    } catch {
      sessions.delete(target); // the window was closed
    }
  };

  const receive = async (event: MessageEvent): Promise<void> => {
    const data = event.data as { type?: unknown; message?: unknown } | null;
    if (typeof data !== "object" || data === null || data.type !== ENVELOPE_TYPE) return;
    if (!trusted.has(event.origin) || !event.source) return;
    const { message } = data;
    // Replies and our own notifications come back to this window too (the page talks to itself when
    // the agent is a script in it): only requests are for the bridge.
    if (!isRequest(message)) return;
    if (message.method === "initialize") sessions.set(event.source, event.origin);
    if (message.id === undefined) return;
    post(event.source, event.origin, { jsonrpc: "2.0", id: message.id, ...(await answer(message)) });
  };
  const listener = (event: MessageEvent): void => void receive(event);

  win.addEventListener("message", listener);
  const stopNotifying = onPageToolsChanged(() => {
    for (const [source, origin] of sessions) post(source, origin, { jsonrpc: "2.0", method: "notifications/tools/list_changed" });
  });
  return () => {
    win.removeEventListener("message", listener);
    stopNotifying();
  };
}
