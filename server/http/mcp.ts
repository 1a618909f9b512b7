// JSON-RPC 2.0 at /api/mcp: the spec's style (method = tool name, params = arguments) and MCP's
// Streamable HTTP (initialize, ping, tools/list, tools/call) on one endpoint; /api/mcp/stream is the
// same handler answering with SSE. JSON-RPC errors travel with HTTP 200 (their codes: ADR 0008), but
// a call refused for want of a credential or a scope answers HTTP 401/403 with a Bearer challenge, so
// an MCP client's OAuth starts by itself (ADR 0021).
import type { Principal } from "../domain/access.ts";
import { toAppError } from "../../routers/errors.ts";
import type { ProgressReporter } from "../domain/progress.ts";
import { AppError, ERROR_TABLE } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { POLL_MS } from "../platform/work-board.ts";
import type { Catalog } from "../domain/catalog.ts";
import { SUPPORTED_PROTOCOL_VERSIONS } from "../domain/wire.ts";
import type { Scope } from "../domain/scopes.ts";
import type { SettleResponse } from "../domain/x402.ts";
import { bearerChallenge, contextFor, errorResponse, paymentRequiredOf, presentedBy, readJsonBody, type RequestInfo } from "./requests.ts";
import type { DialectTool } from "./tool-dialects.ts";
import { mayCall, toolListing, type ToolRegistry } from "./tools.ts";

const LATEST = SUPPORTED_PROTOCOL_VERSIONS[0];

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const SERVER_ERROR = -32000;

type Id = string | number | null;
type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
type Reply = { jsonrpc: "2.0"; id: Id } & ({ result: unknown } | { error: { code: number; message: string; data?: unknown } });

const INSTRUCTIONS =
  "Invoicing service. Amounts are integers in minor units (cents). Create with invoices.create, or more compactly from the " +
  "Invoice DSL with invoices.createFromDsl (dry_run shows the result first); read with invoices.query or in words with " +
  "invoices.summarize; change with invoices.mutate, sending base_revision (the revision you read) and a new operation_id UUID per save. " +
  "invoices.suggest proposes a client's usual lines and rates; invoices.analytics reports revenue and aging. " +
  "svc.capabilities lists every tool, format, limit and price. A tool's \"key\" is Authorization: Bearer svc_… (an API key) or an " +
  "OAuth access token. A paid action called without one answers with x402 payment requirements: pay in USDC and repeat the call " +
  "with the signed payment in _meta[\"x402/payment\"]. Ids in examples (inv_…) stand for ids a read returned; make a new operation_id " +
  "per save. Each tool in full, with output schemas: GET /api/tools/{name}.";

function failure(id: Id, code: number, message: string, data?: unknown): Reply {
  return data === undefined ? { jsonrpc: "2.0", id, error: { code, message } } : { jsonrpc: "2.0", id, error: { code, message, data } };
}

function success(id: Id, result: unknown): Reply {
  return { jsonrpc: "2.0", id, result };
}

function isValidId(id: unknown): id is Id {
  return id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

type ExportedFileReply = { url: string; file_name: string; content_type: string; size: number; text?: string | null };

/**
 * A file a tool made: small text inline (the agent reads it at once), anything else as a
 * resource_link to the same signed URL REST returns, with the link's details as text beside it.
 */
function fileContent(file: ExportedFileReply): unknown[] {
  const summary = { type: "text", text: JSON.stringify({ ...file, text: undefined }) };
  if (typeof file.text === "string") return [{ type: "text", text: file.text }, summary];
  return [{ type: "resource_link", uri: file.url, name: file.file_name, mimeType: file.content_type, size: file.size }, summary];
}

/** The content blocks of a file-making tool's output: one file, or several ({files}). */
function filesContent(output: ExportedFileReply | { files: ExportedFileReply[] }): unknown[] {
  return "files" in output ? output.files.flatMap(fileContent) : fileContent(output);
}

/** The x402 payment a tools/call carries in `params._meta["x402/payment"]`. */
function paymentOf(params: Record<string, unknown> | undefined): unknown {
  const meta = params?._meta;
  return meta !== null && typeof meta === "object" ? (meta as Record<string, unknown>)["x402/payment"] : undefined;
}

/** A spec-style call (method = tool name) has its arguments as params, `_meta` beside them. */
function argumentsAndPayment(params: unknown): [unknown, unknown] {
  if (params === null || typeof params !== "object" || Array.isArray(params) || !("_meta" in params)) return [params, undefined];
  const { _meta, ...args } = params as Record<string, unknown>;
  return [args, paymentOf({ _meta })];
}

/** The x402 receipt goes back in the result's `_meta` (x402's MCP transport). */
function receiptMeta(receipt: SettleResponse | null): { _meta?: Record<string, unknown> } {
  return receipt ? { _meta: { "x402/payment-response": receipt } } : {};
}

/**
 * A failed tool call. No structuredContent: the SDK client validates it against the output schema.
 * A 402 leads its text with x402's `x402/error` wrapper around the payment requirements.
 */
function errorResult(error: AppError): { content: unknown[]; isError: true } {
  const required = paymentRequiredOf(error);
  const body = required ? { "x402/error": { code: 402, message: error.message, data: required }, ...error.toBody() } : error.toBody();
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}

export type McpHandler = (request: Request, info: RequestInfo, stream: boolean) => Promise<Response>;

/**
 * One exchange being answered: who asks, where the response headers go, how long work reports and
 * stops, and the calls refused for want of a credential or a scope (shared by a streamed copy).
 */
type Call = { request: Request; info: RequestInfo; principal: Principal | null; headers: Record<string, string>; progress: ProgressReporter; signal: AbortSignal; refused: Refusal[] };

/** A call refused for want of a credential or a scope, with the scope its action needs when known. */
type Refusal = { error: AppError; scope: Scope | null };

/** A refusal the client's authorization can lift: no credential (401), or a scope the credential lacks (403). */
function isChallenged(error: AppError): boolean {
  return error.code === "UNAUTHORIZED" || (error.code === "FORBIDDEN" && typeof error.details?.required_scope === "string");
}

/** A failed spec-style call, or a refused tools/call, as a JSON-RPC error carrying the service's code and status. */
function errorReply(id: Id, error: AppError): Reply {
  return failure(id, error.code === "VALIDATION_ERROR" ? INVALID_PARAMS : SERVER_ERROR, error.message, { code: error.code, status: ERROR_TABLE[error.code].status, details: error.details ?? null });
}

function isRequest(message: unknown): message is Message {
  return message !== null && typeof message === "object" && !Array.isArray(message) && "id" in message && typeof (message as Message).method === "string";
}

/** The progressToken a request's params._meta carries (MCP: a string or a number). */
function progressTokenOf(message: Message): string | number | undefined {
  const token = (message.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}

function acceptsEventStream(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/event-stream");
}

export function createMcpHandler(services: Services, catalog: Catalog, registry: ToolRegistry, mappedNames: ReadonlyMap<string, DialectTool>): McpHandler {
  const fullList = registry.tools.map(toolListing);
  // A key sees the tools it may call plus the open ones; the lists are few (one per scope set).
  const listsByScopes = new Map<string, unknown[]>();
  function toolsFor(principal: Principal | null): unknown[] {
    if (!principal) return fullList;
    const cacheKey = [...principal.scopes].sort().join(" ");
    let list = listsByScopes.get(cacheKey);
    if (!list) {
      list = registry.tools.filter((tool) => mayCall(tool, principal.scopes)).map(toolListing);
      listsByScopes.set(cacheKey, list);
    }
    return list;
  }

  async function runTool(call: Call, name: string, args: unknown, payment: unknown) {
    const { request, info, headers } = call;
    // A name mapped for a model API (invoices_create) is the tool it stands for, its call turned back into the tool's arguments.
    const mapped = registry.byName.has(name) ? undefined : mappedNames.get(name);
    const tool = registry.byName.get(name) ?? mapped?.tool;
    if (!tool) return null;
    const ctx = { ...contextFor(services, catalog, request, info, "mcp"), progress: call.progress };
    ctx.payment.presented = payment ?? null;
    let scope: Scope | null = null;
    try {
      // Without a credential, a tool whose every action needs a key answers UNAUTHORIZED before
      // its arguments are looked at: 401 comes first (ADR 0008). Any other action's own procedure
      // decides once the call is dispatched.
      if (call.principal === null && tool.actions.every((entry) => entry.access.keyRequired)) throw new AppError("UNAUTHORIZED", "This tool needs a credential: Authorization: Bearer svc_… (an API key) or an OAuth access token");
      if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) {
        throw new AppError("VALIDATION_ERROR", "Tool arguments must be an object", { field: "(arguments)", issue: "must be an object" });
      }
      const given = (args ?? {}) as Record<string, unknown>;
      const { procedure, input } = tool.dispatch(mapped ? mapped.strict.toArguments(given) : given);
      scope = procedure.meta.scope ?? null;
      return { ok: true as const, output: await procedure.call(ctx, input, call.signal), returnsFile: tool.returnsFile, receipt: ctx.payment.receipt };
    } catch (error) {
      const app = toAppError(error);
      if (isChallenged(app)) call.refused.push({ error: app, scope });
      return { ok: false as const, error: app };
    } finally {
      Object.assign(headers, ctx.responseHeaders);
    }
  }

  async function answer(call: Call, message: unknown): Promise<Reply | null> {
    if (message === null || typeof message !== "object" || Array.isArray(message)) return failure(null, INVALID_REQUEST, "Invalid Request");
    const { jsonrpc, id, method, params } = message as Message;
    const isNotification = !("id" in (message as object));
    if (jsonrpc !== "2.0" || typeof method !== "string" || (!isNotification && !isValidId(id))) {
      return failure(isValidId(id) ? id : null, INVALID_REQUEST, "Invalid Request");
    }
    if (isNotification) {
      // A notification is carried out but never answered: MCP's own (notifications/…) need nothing
      // from us; a spec-style tool call without an id still runs.
      if (method === "notifications/cancelled") await cancel(call, (params as { requestId?: unknown } | undefined)?.requestId);
      else if (registry.byName.has(method) || mappedNames.has(method)) await runTool(call, method, ...argumentsAndPayment(params));
      return null;
    }
    const replyId = id as Id;
    const args = params as Record<string, unknown> | undefined;
    switch (method) {
      case "initialize": {
        const requested = typeof args?.protocolVersion === "string" ? args.protocolVersion : LATEST;
        const protocolVersion = (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : LATEST;
        return success(replyId, {
          protocolVersion,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: "invoicing-service", title: "Invoicing service", version: services.version },
          instructions: INSTRUCTIONS,
        });
      }
      case "ping":
        return success(replyId, {});
      case "tools/list":
        return success(replyId, { tools: toolsFor(call.principal) });
      case "tools/call": {
        const name = typeof args?.name === "string" ? args.name : "";
        const outcome = await runTool(call, name, args?.arguments, paymentOf(args));
        if (!outcome) return failure(replyId, INVALID_PARAMS, `Unknown tool: ${name}`);
        if (outcome.ok) {
          const content = outcome.returnsFile ? filesContent(outcome.output as ExportedFileReply) : [{ type: "text", text: JSON.stringify(outcome.output) }];
          return success(replyId, { content, structuredContent: outcome.output, ...receiptMeta(outcome.receipt) });
        }
        // A refusal goes back as a JSON-RPC error, the HTTP status and challenge beside it.
        return isChallenged(outcome.error) ? errorReply(replyId, outcome.error) : success(replyId, errorResult(outcome.error));
      }
      default: {
        const outcome = await runTool(call, method, ...argumentsAndPayment(params));
        if (!outcome) return failure(replyId, METHOD_NOT_FOUND, `Method not found: ${method}`);
        if (outcome.ok) return success(replyId, outcome.receipt ? { ...(outcome.output as object), ...receiptMeta(outcome.receipt) } : outcome.output);
        return errorReply(replyId, outcome.error);
      }
    }
  }

  /**
   * Calls under way that a notifications/cancelled may stop, on the work board by who called and the
   * request's id: the name holds the caller's credential, so only they can name it.
   */
  const boardName = (call: Call, id: unknown): string => `mcp:${call.request.headers.get("authorization") ?? `ip:${call.info.clientIp}`}|${JSON.stringify(id)}`;
  const CALLER = "caller";

  /** Best effort, as MCP has it: a cancel the board cannot deliver (storage down) is logged and dropped. */
  async function cancel(call: Call, requestId: unknown): Promise<void> {
    await services.work.cancel(boardName(call, requestId), CALLER).catch((error: unknown) => {
      services.logger.warn("cancel not delivered", { error: error instanceof Error ? error.message : String(error) });
    });
  }

  /**
   * One request answered as server-sent events: its progress notifications as the work reports them,
   * then its reply. The response starts with the first event, so the rate-limit headers the call
   * earned go with it. notifications/cancelled for this request, or the client going away, aborts
   * the work (it stops at its next step) and ends the stream without a reply, as MCP says.
   */
  function streamed(call: Call, message: Message): Promise<Response> {
    const controller = new AbortController();
    // Visible to other processes once it has run a moment, or reports progress (long work): a cancel
    // may then reach any process behind the load balancer.
    const tracked = services.work.track(boardName(call, message.id), { owner: CALLER, controller, state: () => null });
    tracked.publish(POLL_MS);
    call.request.signal.addEventListener("abort", () => controller.abort(new AppError("CANCELLED", "The client went away")), { once: true });
    const token = progressTokenOf(message);
    const encoder = new TextEncoder();
    let eventId = 0;
    let resolve: (response: Response) => void = () => undefined;
    const response = new Promise<Response>((settle) => (resolve = settle));
    let opened = false;
    let closed = false;
    // Called once work has run (never synchronously within the stream's constructor).
    const open = (status: 200 | 202): void => {
      if (opened) return;
      opened = true;
      resolve(status === 200 ? new Response(body, { status, headers: { ...call.headers, "content-type": "text/event-stream", "cache-control": "no-cache" } }) : new Response(null, { status, headers: call.headers }));
    };
    const body = new ReadableStream<Uint8Array>({
      start(sink) {
        const send = (event: unknown): void => {
          if (controller.signal.aborted || closed) return;
          sink.enqueue(encoder.encode(`event: message\nid: ${++eventId}\ndata: ${JSON.stringify(event)}\n\n`));
          open(200);
        };
        // Reported progress publishes the call, and its events go out only once the marker is
        // written: a client that cancels on seeing one then finds the call from whichever process
        // its notice reaches. The reply waits behind them, so events keep their order.
        let visible: Promise<void> = Promise.resolve();
        const progress: ProgressReporter = (done, total, text) => {
          visible = tracked.publish();
          if (token === undefined) return;
          const event = { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: done, total, ...(text ? { message: text } : {}) } };
          void visible.then(() => send(event));
        };
        void answer({ ...call, progress, signal: controller.signal }, message)
          .then(async (reply) => {
            await visible;
            // Refused before any event: the HTTP status and challenge say so, as without a stream.
            if (reply && !opened && call.refused.length) {
              opened = true;
              resolve(respond(reply, false, call));
            } else if (reply) send(reply);
          })
          .finally(() => {
            void tracked.end();
            if (controller.signal.aborted) services.logger.info("tool call cancelled", { request_id: call.info.requestId, rpc_id: message.id ?? null });
            // A call cancelled before its first event still owes the HTTP exchange an answer.
            open(202);
            if (!closed) sink.close();
            closed = true;
          });
      },
      cancel() {
        closed = true;
        controller.abort(new AppError("CANCELLED", "The client went away"));
      },
    });
    return response;
  }

  /**
   * The HTTP answer to the replies. A single message refused for want of a credential or a scope is
   * 401/403 with its Bearer challenge (app.ts adds where the resource metadata is, RFC 9728). A
   * batch stays 200 with each refusal in its reply: its other calls have been carried out, and a
   * client retrying the whole batch after authorizing would carry them out twice.
   */
  function respond(body: Reply | Reply[] | null, stream: boolean, call: Call): Response {
    const refusal = call.refused[0];
    const challenge = refusal ? bearerChallenge(refusal.error, call.principal !== null, refusal.scope) : null;
    if (refusal && challenge !== null) {
      const headers = { ...call.headers, "www-authenticate": challenge };
      if (body === null) return new Response(null, { status: refusal.error.status, headers });
      return new Response(JSON.stringify(body), { status: refusal.error.status, headers: { ...headers, "content-type": "application/json" } });
    }
    const headers = call.headers;
    if (body === null) return new Response(null, { status: 202, headers });
    if (!stream) return new Response(JSON.stringify(body), { status: 200, headers: { ...headers, "content-type": "application/json" } });
    const events = (Array.isArray(body) ? body : [body]).map((reply, index) => `event: message\nid: ${index + 1}\ndata: ${JSON.stringify(reply)}\n\n`);
    return new Response(events.join(""), { status: 200, headers: { ...headers, "content-type": "text/event-stream", "cache-control": "no-cache" } });
  }

  return async function handleMcp(request, info, stream) {
    if (request.method !== "POST") return errorResponse(new AppError("METHOD_NOT_ALLOWED", "POST JSON-RPC messages to this endpoint"), { allow: "POST" });
    const origin = request.headers.get("origin");
    if (origin !== null && !URL.canParse(origin)) return errorResponse(new AppError("FORBIDDEN", "Origin not allowed"));
    const version = request.headers.get("mcp-protocol-version");
    if (version !== null && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
      return errorResponse(new AppError("BAD_REQUEST", `Unsupported MCP-Protocol-Version ${version}`, { supported: [...SUPPORTED_PROTOCOL_VERSIONS] }));
    }
    let principal: Principal | null;
    try {
      // A credential that is present but invalid is refused outright, housekeeping included.
      principal = await services.credentials.resolve(presentedBy(services, request), info.clientIp, "mcp");
    } catch (error) {
      return errorResponse(toAppError(error));
    }
    const call: Call = { request, info, principal, headers: {}, progress: () => undefined, signal: request.signal, refused: [] };
    let payload: unknown;
    try {
      payload = await readJsonBody(request);
    } catch (error) {
      const app = toAppError(error);
      if (app.code === "BAD_REQUEST") return respond(failure(null, PARSE_ERROR, "Parse error"), stream, call);
      return errorResponse(app);
    }
    if (Array.isArray(payload)) {
      if (payload.length === 0) return respond(failure(null, INVALID_REQUEST, "Invalid Request: empty batch"), stream, call);
      const replies: Reply[] = [];
      for (const message of payload) {
        const reply = await answer(call, message);
        if (reply) replies.push(reply);
      }
      // A batch answers its refusals in its replies alone (see respond).
      return respond(replies.length ? replies : null, stream, { ...call, refused: [] });
    }
    if (isRequest(payload) && (stream || (acceptsEventStream(request) && progressTokenOf(payload) !== undefined))) return streamed(call, payload);
    return respond(await answer(call, payload), stream, call);
  };
}
