// One call of a procedure on one face, made as a client of that face makes it (raw fetch in each
// face's own wire format), and its answer read into one shape: the status the face means (HTTP's, or
// the one a tool error names), the error code, and the whole body for the leak check.
import { ERROR_TABLE, type ErrorCode } from "../../server/domain/errors.ts";
import type { ProcedureEntry } from "../../server/http/procedures.ts";
import type { Credential } from "./matrix-world.ts";

export const FACES = ["rest", "trpc", "mcp", "json-rpc"] as const;
export type FaceName = (typeof FACES)[number];

export type Observed = {
  status: number;
  /** The error code from the one error table; null for a success. */
  code: string | null;
  /** REST's WWW-Authenticate header (null elsewhere or when absent). */
  challenge: string | null;
  /** Whether the refusal carries x402 payment requirements (a non-empty `accepts`). */
  paymentRequirements: boolean;
  /** The raw answer, searched for the owner's secrets. */
  text: string;
};

/** Whether a procedure can be reached on a face: REST needs meta.openapi, the tool faces meta.tool. */
export function hasFace(procedure: ProcedureEntry, face: FaceName): boolean {
  if (face === "rest") return procedure.meta.openapi !== undefined;
  if (face === "trpc") return true;
  return procedure.meta.tool !== undefined;
}

function authHeaders(credential: Credential): Record<string, string> {
  if (credential === null) return {};
  return "bearer" in credential ? { authorization: `Bearer ${credential.bearer}` } : { cookie: credential.cookie };
}

/** A query string as the REST face reads it: lists repeated, objects as JSON text, the rest as text. */
function queryOf(input: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else if (value !== null && typeof value === "object") query.set(key, JSON.stringify(value));
    else query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The REST request: path parameters filled from the input, the rest as query (GET, DELETE) or JSON body. */
function restRequest(procedure: ProcedureEntry, input: Record<string, unknown>): { path: string; method: string; body: string | undefined } {
  const { method, path } = procedure.meta.openapi as { method: string; path: string };
  const rest = { ...input };
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const hasBody = method === "POST" || method === "PUT" || method === "PATCH";
  return { method, path: `/api${filled}${hasBody ? "" : queryOf(rest)}`, body: hasBody ? JSON.stringify(rest) : undefined };
}

/** A tool's arguments: the procedure's input with the action (and entity) that selects it. */
function toolArguments(procedure: ProcedureEntry, input: Record<string, unknown>): Record<string, unknown> {
  const tool = procedure.meta.tool;
  return { ...(tool?.entity ? { entity: tool.entity } : {}), ...(tool?.action ? { action: tool.action } : {}), ...input };
}

const parse = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Whether an x402 body lists what to pay (REST's 402 body, a tool error's details or `x402/error`). */
function asksPayment(required: unknown): boolean {
  const accepts = (required as { accepts?: unknown } | null | undefined)?.accepts;
  return Array.isArray(accepts) && accepts.length > 0;
}

const statusOfCode = (code: string | null): number => (code === null ? 200 : (ERROR_TABLE[code as ErrorCode]?.status ?? 0));

/**
 * A refusal in HTTP's status: before any face's own handling (an invalid credential on /api/mcp is
 * plain HTTP 401), or a call on /api/mcp refused for want of a credential or a scope (401/403 with a
 * Bearer challenge, the body a JSON-RPC error whose data carries the code).
 */
function plainHttpError(response: Response, text: string): Observed {
  const body = parse(text);
  return { status: response.status, code: body?.code ?? body?.error?.data?.code ?? null, challenge: response.headers.get("www-authenticate"), paymentRequirements: false, text };
}

async function callRest(baseUrl: string, procedure: ProcedureEntry, input: Record<string, unknown>, headers: Record<string, string>): Promise<Observed> {
  const { method, path, body } = restRequest(procedure, input);
  const response = await fetch(baseUrl + path, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body });
  const text = await response.text();
  const parsed = parse(text);
  const required = response.headers.get("payment-required");
  return {
    status: response.status,
    code: response.ok ? null : (parsed?.code ?? null),
    challenge: response.headers.get("www-authenticate"),
    paymentRequirements: required !== null && asksPayment(JSON.parse(Buffer.from(required, "base64").toString("utf8"))),
    text,
  };
}

/** tRPC's own wire format without a transformer: a query as GET ?input=<json>, a mutation as POST with the JSON input. */
async function callTrpc(baseUrl: string, procedure: ProcedureEntry, input: Record<string, unknown>, headers: Record<string, string>): Promise<Observed> {
  const url = `${baseUrl}/trpc/${procedure.path}`;
  const response =
    procedure.type === "query"
      ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(input) });
  const text = await response.text();
  const data = parse(text)?.error?.data;
  return { status: response.status, code: response.ok ? null : (data?.appCode ?? null), challenge: null, paymentRequirements: asksPayment(data?.details?.x402), text };
}

let rpcId = 0;

async function postRpc(baseUrl: string, message: Record<string, unknown>, headers: Record<string, string>): Promise<{ response: Response; text: string }> {
  const response = await fetch(`${baseUrl}/api/mcp`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, ...message }),
  });
  return { response, text: await response.text() };
}

/** MCP tools/call: a refusal is an isError result whose text is the error body (but see plainHttpError). */
async function callMcp(baseUrl: string, procedure: ProcedureEntry, input: Record<string, unknown>, headers: Record<string, string>): Promise<Observed> {
  const { response, text } = await postRpc(baseUrl, { method: "tools/call", params: { name: procedure.meta.tool?.name, arguments: toolArguments(procedure, input) } }, headers);
  if (response.status !== 200) return plainHttpError(response, text);
  const reply = parse(text);
  if (reply?.error) return { status: 0, code: `JSON-RPC ${reply.error.code}`, challenge: null, paymentRequirements: false, text };
  if (!reply?.result?.isError) return { status: 200, code: null, challenge: null, paymentRequirements: false, text };
  const refusal = parse(reply.result.content?.[0]?.text ?? "");
  const code = refusal?.code ?? null;
  return { status: statusOfCode(code), code, challenge: null, paymentRequirements: asksPayment(refusal?.["x402/error"]?.data), text };
}

/** The spec's JSON-RPC style (method = tool name): a refusal is an error whose data carries status and code. */
async function callJsonRpc(baseUrl: string, procedure: ProcedureEntry, input: Record<string, unknown>, headers: Record<string, string>): Promise<Observed> {
  const { response, text } = await postRpc(baseUrl, { method: procedure.meta.tool?.name, params: toolArguments(procedure, input) }, headers);
  if (response.status !== 200) return plainHttpError(response, text);
  const reply = parse(text);
  if (!reply?.error) return { status: 200, code: null, challenge: null, paymentRequirements: false, text };
  const data = reply.error.data;
  return { status: data?.status ?? 0, code: data?.code ?? `JSON-RPC ${reply.error.code}`, challenge: null, paymentRequirements: asksPayment(data?.details?.x402), text };
}

const CALLERS: Record<FaceName, typeof callRest> = { rest: callRest, trpc: callTrpc, mcp: callMcp, "json-rpc": callJsonRpc };

export function callFace(baseUrl: string, face: FaceName, procedure: ProcedureEntry, input: Record<string, unknown>, credential: Credential): Promise<Observed> {
  return CALLERS[face](baseUrl, procedure, input, authHeaders(credential));
}
