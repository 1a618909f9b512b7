// REST at /api/* from `meta.openapi` (ADR 0002): trpc-to-openapi generates the document, and this
// adapter serves the same routes without its per-request work. The route table, parameter coercion
// and Location rules are built once; a request costs one map lookup (or a short scan of the
// parameterized routes), then the procedure itself.
import { Buffer } from "node:buffer";
import type { z } from "zod";
import { toAppError } from "../../routers/errors.ts";
import { AppError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import type { Catalog } from "../domain/catalog.ts";
import { REST_PREFIX } from "./catalog.ts";
import { contextFor, errorResponse, isPlainText, jsonResponse, mediaTypeOf, readBytesBody, readJsonBody, readTextBody, type RequestInfo } from "./requests.ts";
import type { ProcedureEntry } from "./procedures.ts";

type ParamKind = "number" | "boolean" | "string" | "array" | "object";

type Route = {
  method: string;
  segments: string[];
  params: Map<number, string>;
  entry: ProcedureEntry;
  hasBody: boolean;
  kinds: Map<string, ParamKind>;
  takesIdempotencyKey: boolean;
  /** The input field a text/plain body fills (meta.textBody), if the route takes one. */
  textBody: string | null;
  /** Raw bytes of these media types fill an input field as base64 (meta.binaryBody). */
  binaryBody: { field: string; types: readonly string[] } | null;
  /** A multipart/form-data upload (meta.multipartBody): its file part fills `file` as base64, the other parts their fields. */
  multipartBody: { file: string; name: string; many?: string } | null;
  /** For 201 responses: the path of the created resource, when a GET route serves it. */
  locationBase: string | null;
};

function kindOf(schema: z.ZodType): ParamKind {
  let current = schema as unknown as { _zod: { def: { type: string; innerType?: unknown } } };
  while (["optional", "default", "nullable", "prefault"].includes(current._zod.def.type)) {
    current = current._zod.def.innerType as typeof current;
  }
  const type = current._zod.def.type;
  if (type === "array") return "array";
  if (type === "object" || type === "record") return "object";
  return type === "number" || type === "int" ? "number" : type === "boolean" ? "boolean" : "string";
}

function coerce(value: string, kind: ParamKind): unknown {
  if (kind === "number") return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (kind === "boolean") return value === "true" || value === "1" ? true : value === "false" || value === "0" ? false : value;
  // An object (an import's options) comes as JSON text; what does not parse is left for the schema to refuse.
  if (kind === "object") {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

export type RestHandler = (request: Request, url: URL, info: RequestInfo) => Promise<Response>;

export function createRestHandler(services: Services, catalog: Catalog, procedures: readonly ProcedureEntry[]): RestHandler {
  const exact = new Map<string, Route>();
  const parameterized: Route[] = [];
  const methodsByShape = new Map<string, Set<string>>();
  const getPaths = new Set<string>();

  for (const entry of procedures) {
    const openapi = entry.meta.openapi;
    if (!openapi) continue;
    if (openapi.method === "GET") getPaths.add(openapi.path);
  }

  for (const entry of procedures) {
    const openapi = entry.meta.openapi;
    if (!openapi) continue;
    const fullPath = REST_PREFIX + openapi.path;
    const segments = fullPath.split("/");
    const params = new Map<number, string>();
    segments.forEach((segment, index) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (match?.[1]) params.set(index, match[1]);
    });
    const shape = entry.input.shape as Record<string, z.ZodType>;
    const kinds = new Map(Object.entries(shape).map(([key, schema]) => [key, kindOf(schema)]));
    const collection = openapi.path.split("/")[1];
    const route: Route = {
      method: openapi.method,
      segments,
      params,
      entry,
      hasBody: openapi.method === "POST" || openapi.method === "PUT" || openapi.method === "PATCH",
      kinds,
      takesIdempotencyKey: "idempotency_key" in shape,
      textBody: entry.meta.textBody ?? null,
      binaryBody: entry.meta.binaryBody ?? null,
      multipartBody: entry.meta.multipartBody ?? null,
      locationBase: getPaths.has(`/${collection}/{id}`) ? `${REST_PREFIX}/${collection}/` : null,
    };
    const shapeKey = segments.map((segment, index) => (params.has(index) ? "*" : segment)).join("/");
    methodsByShape.set(shapeKey, (methodsByShape.get(shapeKey) ?? new Set()).add(openapi.method));
    if (params.size === 0) exact.set(`${openapi.method} ${fullPath}`, route);
    else parameterized.push(route);
  }

  function decoded(segment: string): string | null {
    try {
      return decodeURIComponent(segment);
    } catch {
      return null;
    }
  }

  function match(method: string, pathname: string): { route: Route; pathParams: Record<string, string> } | null {
    const fixed = exact.get(`${method} ${pathname}`);
    if (fixed) return { route: fixed, pathParams: {} };
    const segments = pathname.split("/");
    for (const route of parameterized) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const pathParams: Record<string, string> = {};
      let ok = true;
      for (let index = 0; index < segments.length && ok; index++) {
        const name = route.params.get(index);
        const segment = segments[index] ?? "";
        if (!name) ok = route.segments[index] === segment;
        else {
          // An empty or malformed parameter matches no route: 404, not a validation error or a 500.
          const value = segment === "" ? null : decoded(segment);
          if (value === null) ok = false;
          else pathParams[name] = value;
        }
      }
      if (ok) return { route, pathParams };
    }
    return null;
  }

  function allowedMethods(pathname: string): Set<string> | undefined {
    const segments = pathname.split("/");
    for (const [shape, methods] of methodsByShape) {
      const parts = shape.split("/");
      const fits = parts.every((part, index) => {
        const segment = segments[index] ?? "";
        return part === "*" ? segment !== "" && decoded(segment) !== null : part === segment;
      });
      if (parts.length === segments.length && fits) return methods;
    }
    return undefined;
  }

  function queryInput(url: URL, route: Route): Record<string, unknown> {
    const input: Record<string, unknown> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      const kind = route.kinds.get(key) ?? "string";
      // A list parameter takes repeats and commas alike: ?sections=revenue,aging or ?sections=revenue&sections=aging.
      if (kind === "array") input[key] = values.flatMap((value) => value.split(",")).filter((value) => value !== "");
      else input[key] = values.length === 1 ? coerce(values[0] ?? "", kind) : values;
    }
    return input;
  }

  /** A form's parts as input: the file as base64 with its type and name, every other part coerced like a query parameter. */
  async function multipartInput(request: Request, route: Route, fields: { file: string; name: string; many?: string }): Promise<Record<string, unknown>> {
    // A form of documents has the upload limit, as their base64 in JSON would; each file is then held to the document limit.
    const bytes = await readBytesBody(request, "upload_body_bytes");
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    } catch {
      throw new AppError("BAD_REQUEST", "The multipart/form-data body does not parse");
    }
    const input: Record<string, unknown> = {};
    const files: Array<{ content: string; name: string; type: string }> = [];
    for (const [key, value] of form.entries() as Iterable<[string, string | File]>) {
      if (typeof value === "string") input[key] = coerce(value, route.kinds.get(key) ?? "string");
      else files.push({ content: Buffer.from(await value.arrayBuffer()).toString("base64"), name: value.name, type: value.type });
    }
    if (files.length > 1 && fields.many) input[fields.many] = files.map((file) => ({ content: file.content, encoding: "base64", ...(file.name ? { [fields.name]: file.name } : {}) }));
    else if (files[0]) {
      const [file] = files;
      input[fields.file] = file.content;
      input.encoding = "base64";
      if (file.type) input.content_type = file.type;
      if (file.name) input[fields.name] = file.name;
    }
    return input;
  }

  async function inputFor(request: Request, url: URL, route: Route, pathParams: Record<string, string>): Promise<Record<string, unknown>> {
    let input: Record<string, unknown> = {};
    const mediaType = mediaTypeOf(request);
    if (route.multipartBody && route.binaryBody && mediaType === "multipart/form-data") {
      input = await multipartInput(request, route, route.multipartBody);
    } else if (route.binaryBody?.types.includes(mediaType)) {
      const bytes = await readBytesBody(request, "import_bytes");
      input = { ...queryInput(url, route), [route.binaryBody.field]: Buffer.from(bytes).toString("base64"), encoding: "base64", content_type: mediaType };
    } else if (route.textBody && isPlainText(request)) {
      input = { ...queryInput(url, route), [route.textBody]: await readTextBody(request) };
    } else if (route.hasBody) {
      // A route taking files takes them base64-encoded in JSON too, under the upload limit.
      const body = await readJsonBody(request, route.binaryBody ? "upload_body_bytes" : "body_bytes");
      if (body === null || typeof body !== "object" || Array.isArray(body)) {
        throw new AppError("VALIDATION_ERROR", "The body must be a JSON object", { field: "(body)", issue: "must be an object" });
      }
      input = body as Record<string, unknown>;
    } else {
      input = queryInput(url, route);
    }
    const idempotencyKey = request.headers.get("idempotency-key");
    if (idempotencyKey !== null && route.takesIdempotencyKey) input.idempotency_key = idempotencyKey;
    return { ...input, ...pathParams };
  }

  return async function handleRest(request: Request, url: URL, info: RequestInfo): Promise<Response> {
    // HEAD is answered wherever GET is (RFC 9110 §9.1): the same status and headers, no body.
    if (request.method === "HEAD") {
      const response = await handleRest(new Request(request, { method: "GET" }), url, info);
      return new Response(null, { status: response.status, headers: response.headers });
    }
    const found = match(request.method, url.pathname);
    if (!found) {
      const allowed = allowedMethods(url.pathname);
      if (allowed) return errorResponse(new AppError("METHOD_NOT_ALLOWED", `Use ${[...allowed].join(", ")}`), { allow: [...allowed].join(", ") });
      return errorResponse(new AppError("NOT_FOUND", `No route ${request.method} ${url.pathname}`));
    }
    const { route, pathParams } = found;
    const ctx = contextFor(services, catalog, request, info);
    try {
      // The body is read lazily, inside the procedure's input step: a bad body without a key is 401, not 400.
      const input = inputFor(request, url, route, pathParams);
      input.catch(() => undefined);
      const output = await route.entry.call(ctx, input, request.signal);
      const { successStatus, createdId } = route.entry.meta;
      const id = createdId ? createdId(output as never) : (output as { id?: unknown }).id;
      const { acceptedWhen, location } = route.entry.meta;
      const status = acceptedWhen?.(output as never) ? 202 : createdId && id === null ? 200 : (successStatus ?? 200);
      const headers = { ...ctx.responseHeaders };
      if ((status === 201 || status === 202) && typeof id === "string") {
        if (location) headers.location = REST_PREFIX + location.replace("{id}", encodeURIComponent(id));
        else if (route.locationBase) headers.location = route.locationBase + encodeURIComponent(id);
      }
      return jsonResponse(output, status, headers);
    } catch (error) {
      return errorResponse(toAppError(error), ctx.responseHeaders, ctx.authorization !== null, route.entry.meta.scope ?? null);
    }
  };
}
