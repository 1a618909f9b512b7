// The Elysia app: three faces over one router, plus what every request gets (request id, one JSON
// log line, CORS). Everything per-router (route table, tools, OpenAPI document, tRPC handler) is
// built here once, never per request. Runtime-neutral: the Bun and Deno entries only serve it.
import type { AnyRouter } from "@trpc/server";
import { readFileSync } from "node:fs";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { Elysia } from "elysia";
import { appRouter } from "../../routers/index.ts";
import type { Context } from "../../routers/context.ts";
import { toAppError } from "../../routers/errors.ts";
import { corsPolicy } from "./cors.ts";
import { pointToResourceMetadata } from "./oauth/metadata.ts";
import { createOAuthHandler } from "./oauth/routes.ts";
import { createSignInRoutes } from "./sign-in/routes.ts";
import { createConsole } from "./console/serve.ts";
import { AppError, ERROR_TABLE } from "../domain/errors.ts";
import { forwardedClientAddress } from "../domain/network.ts";
import { buildCatalog } from "./catalog.ts";
import { contextFor, errorResponse, presentedBy, withLimitedBody, type RequestInfo } from "./requests.ts";
import { SERVER_BODY_CAP_BYTES } from "../domain/wire.ts";
import { DISCOVERY_CACHE_CONTROL, discoveryDocuments, discoveryKey } from "./discovery.ts";
import { createFileHandler } from "./files.ts";
import { createMcpHandler } from "./mcp.ts";
import { createSharePages } from "./share-pages.ts";
import { createShareAssets } from "./webmcp.ts";
import { listProcedures } from "./procedures.ts";
import { createRestHandler } from "./rest.ts";
import { dialectTools } from "./tool-dialects.ts";
import { buildToolRegistry } from "./tools.ts";
import type { Services } from "../services.ts";

// x402 clients send their payment in PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1); @x402/fetch also sends Access-Control-Expose-Headers.
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID, X-Request-Id, PAYMENT-SIGNATURE, X-PAYMENT, Access-Control-Expose-Headers";

/**
 * The OpenAPI document as `npm run openapi` generated it from the routers and committed it (a test
 * keeps it equal to the code). Serving the file keeps trpc-to-openapi, and the many packages its
 * adapters load, out of the server: a cold Deno start would spend minutes analysing them.
 */
const OPENAPI_DOCUMENT = new URL("../../docs/openapi.json", import.meta.url);

/** Client addresses handed over by an entry that does not serve through Elysia (Deno's remoteAddr). */
export const clientAddresses = new WeakMap<Request, string>();

/** Elysia's server on Bun knows the peer address; under Deno.serve it is absent. */
type AddressSource = { requestIP(request: Request): { address: string } | null } | null | undefined;

export type App = {
  elysia: Elysia;
  /** Serves one request (what Bun.serve / Deno.serve call). */
  fetch(request: Request): Promise<Response>;
  /**
   * Stops Elysia's server (Bun): no new connections, in-flight requests finish. `abandon` while a
   * stop waits closes the connections still open instead (the drain window is over).
   */
  stop(abandon?: boolean): Promise<void>;
};

/**
 * A refusal before tRPC reads the request (a body over the limit), in tRPC's own error shape with
 * the fields its error formatter adds, so @trpc/client reads it like any other failure.
 */
function trpcErrorResponse(error: AppError, path: string): Response {
  const trpcCode = ERROR_TABLE[error.code].trpc;
  const body = {
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[trpcCode],
      data: { code: trpcCode, httpStatus: error.status, path, appCode: error.code, details: error.details ?? null },
    },
  };
  return new Response(JSON.stringify(body), { status: error.status, headers: { ...error.headers, "content-type": "application/json" } });
}

function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

export function createApp(services: Services, router: AnyRouter = appRouter): App {
  const procedures = listProcedures(router);
  const registry = buildToolRegistry(procedures);
  const catalog = buildCatalog(procedures, registry);
  const openApiJson = readFileSync(OPENAPI_DOCUMENT, "utf8");
  const rest = createRestHandler(services, catalog, procedures);
  // The tools under their model-API names, settled once for the MCP face and the documents that list them.
  const mappedNames = dialectTools(registry);
  const mcp = createMcpHandler(services, catalog, registry, mappedNames);
  const files = createFileHandler(services);
  const sharePages = createSharePages(services);
  const shareAssets = createShareAssets(services);
  const oauth = createOAuthHandler(services);
  const signIn = createSignInRoutes(services);
  const consolePages = createConsole(services);
  const { logger } = services;
  const cors = corsPolicy(services.config);
  const { trustProxy } = services.config;

  type Face = (request: Request, url: URL, info: RequestInfo) => Promise<Response> | Response;

  // Procedures that take a document (meta.binaryBody) read it under the upload limit on /trpc too,
  // as REST does, so the console imports what an integrator can. A batch gets it only if all its calls do.
  const uploadPaths = new Set(procedures.filter((entry) => entry.meta.binaryBody).map((entry) => entry.path));
  const trpc: Face = async (request, url, info) => {
    let ctx: Context | undefined;
    let limited: Request;
    try {
      const uploads = url.pathname.slice("/trpc/".length).split(",").every((path) => uploadPaths.has(path));
      limited = await withLimitedBody(request, uploads ? "upload_body_bytes" : "body_bytes");
    } catch (error) {
      return trpcErrorResponse(toAppError(error), url.pathname.slice("/trpc/".length));
    }
    return fetchRequestHandler({
      endpoint: "/trpc",
      req: limited,
      router,
      createContext: () => (ctx = contextFor(services, catalog, request, info)),
      responseMeta: () => ({ headers: new Headers(ctx?.responseHeaders ?? {}) }),
    });
  };

  /** Request id, CORS and the request log around a face. */
  async function serve(request: Request, face: Face, server: AddressSource): Promise<Response> {
    const started = performance.now();
    const url = new URL(request.url);
    const peer = server?.requestIP(request)?.address ?? clientAddresses.get(request) ?? "unknown";
    const clientIp = trustProxy ? forwardedClientAddress(peer, request.headers.get("x-forwarded-for"), trustProxy) : peer;
    const info: RequestInfo = { requestId: requestIdOf(request), clientIp, log: {} };
    let response: Response;
    if (cors.refuses(request)) {
      response = errorResponse(new AppError("FORBIDDEN", "Cookies from this origin are not accepted (CORS_ORIGINS)"));
    } else if (request.method === "OPTIONS") {
      response = new Response(null, {
        status: 204,
        headers: { "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS", "access-control-allow-headers": ALLOWED_HEADERS, "access-control-max-age": "86400" },
      });
    } else {
      try {
        response = await face(request, url, info);
      } catch (error) {
        const failure = toAppError(error);
        const logged = { request_id: info.requestId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
        if (failure.code === "INTERNAL_ERROR") logger.error("unhandled error", logged);
        else logger.warn("part unavailable", { ...logged, part: failure.details?.part });
        response = errorResponse(failure);
      }
    }
    pointToResourceMetadata(response, url.pathname, services.config.publicUrl);
    response.headers.set("x-request-id", info.requestId);
    for (const [name, value] of Object.entries(cors.headersFor(request))) response.headers.set(name, value);
    logger.info("request", {
      method: request.method,
      path: url.pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      account: info.log.accountId ?? null,
      request_id: info.requestId,
    });
    return response;
  }

  /** An open face still refuses a credential that is present but invalid (ADR 0006). */
  const open =
    (face: Face): Face =>
    async (request, url, info) => {
      try {
        await services.credentials.resolve(presentedBy(services, request), info.clientIp);
      } catch (error) {
        return errorResponse(toAppError(error));
      }
      return face(request, url, info);
    };
  const notFound = open((request, url) => errorResponse(new AppError("NOT_FOUND", `No route ${request.method} ${url.pathname}`)));
  const openApi = open(() => new Response(openApiJson, { headers: { "content-type": "application/json; charset=utf-8" } }));
  const discoveryDocument = discoveryDocuments(services, registry, mappedNames);
  const discovery = open(async (request, url) => {
    let document;
    try {
      document = (await discoveryDocument()).get(discoveryKey(url));
    } catch (error) {
      return errorResponse(toAppError(error));
    }
    if (!document) {
      const tool = /^\/api\/tools\/(.+)$/.exec(url.pathname)?.[1];
      return errorResponse(new AppError("NOT_FOUND", tool ? `No tool named ${decodeURIComponent(tool)}: GET /api/tools lists them` : `No route ${request.method} ${url.pathname}`));
    }
    const headers = { "cache-control": DISCOVERY_CACHE_CONTROL, etag: document.etag };
    if (request.headers.get("if-none-match") === document.etag) return new Response(null, { status: 304, headers });
    return new Response(request.method === "HEAD" ? null : document.body, { headers: { ...headers, "content-type": document.contentType } });
  });

  // Bun's own body cap above every limit of ours, so each 413 is the faces' JSON one (wire.ts).
  const elysia = new Elysia({ serve: { maxRequestBodySize: SERVER_BODY_CAP_BYTES } })
    .get("/api/openapi.json", ({ request, server }) => serve(request, openApi, server))
    .get("/api/mcp/server-card", ({ request, server }) => serve(request, discovery, server))
    .get("/.well-known/*", ({ request, server }) => serve(request, discovery, server))
    .get("/llms.txt", ({ request, server }) => serve(request, discovery, server))
    .get("/api/tools", ({ request, server }) => serve(request, discovery, server))
    .get("/api/tools/*", ({ request, server }) => serve(request, discovery, server))
    .all("/api/mcp", ({ request, server }) => serve(request, (r, _u, info) => mcp(r, info, false), server))
    .all("/api/mcp/stream", ({ request, server }) => serve(request, (r, _u, info) => mcp(r, info, true), server))
    .all("/trpc/*", ({ request, server }) => serve(request, trpc, server))
    .all("/api/*", ({ request, server }) => serve(request, rest, server))
    .all("/files/*", ({ request, server }) => serve(request, files, server))
    .all("/share/*", ({ request, server }) => serve(request, sharePages, server))
    .all("/share-assets/*", ({ request, server }) => serve(request, shareAssets, server))
    .all("/oauth/*", ({ request, server }) => serve(request, oauth, server))
    .all("/auth/*", ({ request, server }) => serve(request, signIn, server))
    .all("/app", ({ request, server }) => serve(request, consolePages, server))
    .all("/app/*", ({ request, server }) => serve(request, consolePages, server))
    .all("*", ({ request, server }) => serve(request, notFound, server));

  return {
    elysia: elysia as unknown as Elysia,
    fetch: (request) => elysia.handle(request),
    stop: async (abandon = false) => {
      if (abandon) await elysia.server?.stop(true);
      else await elysia.stop();
    },
  };
}
