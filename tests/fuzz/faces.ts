// One fuzzed input sent over one face as raw HTTP (REST at /api, tRPC's wire format at /trpc,
// JSON-RPC at /api/mcp), and the answer read back: its status (for JSON-RPC, the status its error
// code maps to), its spec code, and whatever is wrong with its shape for that face.
import fc from "fast-check";
import { ERROR_TABLE, type ErrorCode } from "../../server/domain/errors.ts";
import type { ProcedureEntry } from "../../server/http/procedures.ts";
import { entriesOf, parameterText, percentEncode, rawJson, RawObject } from "./raw-json.ts";

export type FaceName = "rest" | "trpc" | "mcp";

export const FACES: readonly FaceName[] = ["rest", "trpc", "mcp"];

/** The faces a procedure has: tRPC always, REST with `meta.openapi`, JSON-RPC/MCP with `meta.tool`. */
export function facesOf(entry: ProcedureEntry): FaceName[] {
  return FACES.filter((face) => face === "trpc" || (face === "rest" ? entry.meta.openapi !== undefined : entry.meta.tool !== undefined));
}

/** How the bytes travel, fuzzed beside the input: the body's framing and, on /api/mcp, the call's style. */
export type Transport = {
  body: "json" | "truncated" | "invalid-utf8" | "bom" | "trailing-garbage" | "text/plain";
  rpc: "tools/call" | "method";
};

export const transportArbitrary: fc.Arbitrary<Transport> = fc.record({
  body: fc.oneof({ weight: 12, arbitrary: fc.constant("json" as const) }, fc.constantFrom("truncated" as const, "invalid-utf8" as const, "bom" as const, "trailing-garbage" as const, "text/plain" as const)),
  rpc: fc.constantFrom("tools/call" as const, "method" as const),
});

export type Target = { baseUrl: string; key: string };

/** A request as sent, for the counterexample. */
export type SentRequest = { method: string; url: string; contentType: string | null; body: string | null };

export type Outcome = {
  request: SentRequest;
  httpStatus: number;
  /** The HTTP status, or for a JSON-RPC error the status its code maps to. */
  status: number;
  code: string | null;
  /** A refusal's details, when it has them. */
  details: Record<string, unknown> | null;
  /** What is wrong with the answer's shape for its face (empty when well-formed). */
  problems: string[];
  /** The procedure's output, when it succeeded. */
  output: unknown;
  text: string;
};

/** The longest URL sent: beyond ~16 KB of headers the runtime's own header limit answers 431 before the service sees it. */
export const MAX_URL_LENGTH = 12_000;

function framed(json: string, transport: Transport): { body: Uint8Array<ArrayBuffer> | string; contentType: string } {
  const encoder = new TextEncoder();
  switch (transport.body) {
    case "truncated":
      return { body: json.slice(0, Math.max(1, Math.floor(json.length / 2))), contentType: "application/json" };
    case "invalid-utf8":
      return { body: new Uint8Array([0xff, 0xfe, 0xc3, ...encoder.encode(json)]), contentType: "application/json" };
    case "bom":
      return { body: `\ufeff${json}`, contentType: "application/json" };
    case "trailing-garbage":
      return { body: `${json} }{`, contentType: "application/json" };
    case "text/plain":
      return { body: json, contentType: "text/plain" };
    case "json":
      return { body: json, contentType: "application/json" };
  }
}

function restRequest(entry: ProcedureEntry, value: unknown): { method: string; path: string; json: string | null } {
  const openapi = entry.meta.openapi;
  if (!openapi) throw new Error(`${entry.path} has no REST route`);
  const hasBody = openapi.method === "POST" || openapi.method === "PUT" || openapi.method === "PATCH";
  let fields = entriesOf(value);
  const path = openapi.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const found = fields?.findLast(([key]) => key === name);
    fields = fields?.filter(([key]) => key !== name) ?? null;
    return found ? percentEncode(parameterText(found[1])) : "-";
  });
  if (hasBody) return { method: openapi.method, path: `/api${path}`, json: rawJson(fields ? new RawObject(fields) : value) };
  const query = (fields ?? [["value", value] as [string, unknown]]).flatMap(([key, field]) =>
    (Array.isArray(field) ? field : [field]).map((item) => `${percentEncode(key)}=${percentEncode(parameterText(item))}`),
  );
  return { method: openapi.method, path: `/api${path}${query.length ? `?${query.join("&")}` : ""}`, json: null };
}

/** The arguments of a tools/call: the action (and entity) that picks this procedure, then the input's fields. */
function toolArguments(entry: ProcedureEntry, value: unknown): unknown {
  const tool = entry.meta.tool;
  const fields = entriesOf(value);
  if (!tool || !fields) return value;
  const selector: Array<[string, unknown]> = [...(tool.entity ? [["entity", tool.entity] as [string, unknown]] : []), ...(tool.action ? [["action", tool.action] as [string, unknown]] : [])];
  return new RawObject([...selector, ...fields]);
}

let rpcId = 0;

function mcpJson(entry: ProcedureEntry, value: unknown, transport: Transport): string {
  const name = entry.meta.tool?.name ?? "";
  const args = toolArguments(entry, value);
  const id = ++rpcId;
  if (transport.rpc === "method") return rawJson(new RawObject([["jsonrpc", "2.0"], ["id", id], ["method", name], ["params", args]]));
  return rawJson(new RawObject([["jsonrpc", "2.0"], ["id", id], ["method", "tools/call"], ["params", new RawObject([["name", name], ["arguments", args]])]]));
}

export function requestFor(face: FaceName, entry: ProcedureEntry, value: unknown, transport: Transport): { method: string; path: string; json: string | null } {
  if (face === "rest") return restRequest(entry, value);
  if (face === "mcp") return { method: "POST", path: "/api/mcp", json: mcpJson(entry, value, transport) };
  if (entry.type === "query") return { method: "GET", path: `/trpc/${entry.path}?input=${percentEncode(rawJson(value))}`, json: null };
  return { method: "POST", path: `/trpc/${entry.path}`, json: rawJson(value) };
}

/** Sends the input over the face; null when the request cannot be sent (a URL past the runtime's limit). */
export async function send(target: Target, face: FaceName, entry: ProcedureEntry, value: unknown, transport: Transport): Promise<Outcome | null> {
  const { method, path, json } = requestFor(face, entry, value, transport);
  if (path.length > MAX_URL_LENGTH) return null;
  const framing = json === null ? null : framed(json, transport);
  const headers: Record<string, string> = { authorization: `Bearer ${target.key}`, accept: "application/json" };
  if (framing) headers["content-type"] = framing.contentType;
  const response = await fetch(target.baseUrl + path, { method, headers, body: framing?.body ?? null });
  const text = await response.text();
  const request: SentRequest = { method, url: path, contentType: framing?.contentType ?? null, body: typeof framing?.body === "string" ? framing.body : json };
  return { request, httpStatus: response.status, ...readAnswer(face, response.status, text, transport), text };
}

type Reading = Pick<Outcome, "status" | "code" | "details" | "problems" | "output">;

function parsed(text: string): { ok: true; value: any } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isObject = (value: unknown): value is Record<string, any> => value !== null && typeof value === "object" && !Array.isArray(value);

const detailsOf = (carrier: unknown): Record<string, unknown> | null => (isObject(carrier) && isObject(carrier.details) ? carrier.details : null);

/** Problems with a body in the spec's error shape {error, code, details?} answered with `status`. */
function errorBodyProblems(body: unknown, status: number): string[] {
  if (!isObject(body)) return ["the error body is not an object"];
  const problems: string[] = [];
  if (typeof body.error !== "string" || body.error === "") problems.push("no error message");
  if (!(body.code in ERROR_TABLE)) problems.push(`code ${JSON.stringify(body.code)} is not in the error table`);
  else if (ERROR_TABLE[body.code as ErrorCode].status !== status) problems.push(`code ${body.code} maps to ${ERROR_TABLE[body.code as ErrorCode].status}, answered ${status}`);
  if (body.details !== undefined && !isObject(body.details)) problems.push("details is not an object");
  return problems;
}

function readRest(status: number, body: unknown): Reading {
  if (status < 400) return { status, code: null, details: null, problems: [], output: body };
  return { status, code: isObject(body) ? String(body.code) : null, details: detailsOf(body), problems: errorBodyProblems(body, status), output: undefined };
}

function readTrpc(status: number, body: any): Reading {
  if (status < 400) return { status, code: null, details: null, problems: isObject(body) && "result" in body ? [] : ["no result"], output: body?.result?.data };
  const data = body?.error?.data;
  const code = isObject(data) ? data.appCode : undefined;
  const problems: string[] = [];
  if (!isObject(body?.error) || typeof body.error.message !== "string") problems.push("no tRPC error {message, code, data}");
  if (!(code in ERROR_TABLE)) problems.push(`appCode ${JSON.stringify(code)} is not in the error table`);
  else if (ERROR_TABLE[code as ErrorCode].status !== status) problems.push(`appCode ${code} maps to ${ERROR_TABLE[code as ErrorCode].status}, answered ${status}`);
  if (data?.httpStatus !== status) problems.push(`data.httpStatus ${data?.httpStatus} differs from ${status}`);
  return { status, code: code ?? null, details: detailsOf(data), problems, output: undefined };
}

/** JSON-RPC's own refusals of a message, before any tool runs. */
const PROTOCOL_ERRORS: Record<number, string> = { [-32700]: "PARSE_ERROR", [-32600]: "INVALID_REQUEST" };

function readRpcError(error: any): Reading {
  if (error?.code in PROTOCOL_ERRORS) return { status: 400, code: PROTOCOL_ERRORS[error.code] ?? null, details: null, problems: [], output: undefined };
  const data = error?.data;
  const code = data?.code;
  const problems = typeof error?.message === "string" ? [] : ["a JSON-RPC error without a message"];
  if (!(code in ERROR_TABLE)) return { status: 500, code: code ?? null, details: null, problems: [...problems, `JSON-RPC error ${error?.code} without a known data.code`], output: undefined };
  const status = ERROR_TABLE[code as ErrorCode].status;
  if (data.status !== status) problems.push(`data.status ${data.status} differs from ${code}'s ${status}`);
  const expectedRpc = code === "VALIDATION_ERROR" ? -32602 : -32000;
  if (error.code !== expectedRpc) problems.push(`JSON-RPC code ${error.code} for ${code}, expected ${expectedRpc}`);
  return { status, code, details: detailsOf(data), problems, output: undefined };
}

function readToolResult(result: any): Reading {
  if (!isObject(result)) return { status: 500, code: null, details: null, problems: ["no result"], output: undefined };
  if (result.isError !== true) return { status: 200, code: null, details: null, problems: [], output: "structuredContent" in result ? result.structuredContent : result };
  const text = result.content?.[0]?.text;
  const body = typeof text === "string" ? parsed(text) : { ok: false as const };
  if (!body.ok) return { status: 500, code: null, details: null, problems: ["an isError result without a JSON error body"], output: undefined };
  const code = body.value?.code;
  const status = code in ERROR_TABLE ? ERROR_TABLE[code as ErrorCode].status : 500;
  const problems = errorBodyProblems(body.value, status);
  if ("structuredContent" in result) problems.push("an isError result with structuredContent");
  return { status, code: code ?? null, details: detailsOf(body.value), problems, output: undefined };
}

function readMcp(httpStatus: number, body: any, style: Transport["rpc"]): Reading {
  // Refused before JSON-RPC starts (too large, not JSON): the REST error body.
  if (httpStatus !== 200) return readRest(httpStatus, body);
  if (!isObject(body) || body.jsonrpc !== "2.0") return { status: 500, code: null, details: null, problems: ["not a JSON-RPC 2.0 reply"], output: undefined };
  if ("error" in body) return readRpcError(body.error);
  // A spec-style call (method = tool name) answers with the output itself; tools/call with a tool result.
  return style === "tools/call" ? readToolResult(body.result) : { status: 200, code: null, details: null, problems: [], output: body.result };
}

function readAnswer(face: FaceName, httpStatus: number, text: string, transport: Transport): Reading {
  const body = parsed(text);
  if (!body.ok) return { status: httpStatus, code: null, details: null, problems: [`the answer is not JSON: ${text.slice(0, 120)}`], output: undefined };
  if (face === "rest") return readRest(httpStatus, body.value);
  if (face === "trpc") return readTrpc(httpStatus, body.value);
  return readMcp(httpStatus, body.value, transport.rpc);
}
