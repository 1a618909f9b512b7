// The OpenAPI 3.1 document, generated from the routers by trpc-to-openapi and completed here with
// what it cannot know: our error body, 201 for creates, the Idempotency-Key header, the error
// statuses each operation can answer, and which operations are open (`security: []`). Built once at
// start; committed as docs/openapi.json.
import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { ERROR_TABLE } from "../domain/errors.ts";
import { REST_PREFIX } from "./catalog.ts";
import { aiCatalogSchema, mcpManifestSchema, serverCardSchema, SERVER_CARD_MEDIA_TYPE, toolDefinitionSchema, toolListingSchema, webMcpManifestSchema } from "./discovery.ts";
import { TOOL_DIALECTS } from "./tool-dialects.ts";
import type { ProcedureEntry } from "./procedures.ts";
import { jsonSchema } from "./tools.ts";

type Json = Record<string, unknown>;

const ERROR_SCHEMA = {
  type: "object",
  description: "Every failure: a readable message, the spec's machine code, and details such as {field, issue}.",
  properties: {
    error: { type: "string", description: "human-readable message" },
    code: { type: "string", enum: Object.keys(ERROR_TABLE), description: "machine-readable code" },
    details: { type: "object", additionalProperties: true, description: "for validation failures: field (dotted path) and issue" },
  },
  required: ["error", "code"],
};

function errorStatuses(entry: ProcedureEntry): number[] {
  const statuses = new Set<number>([400, 413, 415, 422, 429, 500]);
  if (entry.meta.openapi?.protect !== false) [401, 403].forEach((status) => statuses.add(status));
  if (entry.meta.openapi?.path.includes("{")) statuses.add(404);
  if (entry.type === "mutation" && entry.meta.openapi?.protect !== false) statuses.add(409);
  if ("base_revision" in entry.input.shape && "operation_id" in entry.input.shape) statuses.add(428);
  return [...statuses].sort();
}

function errorResponses(statuses: number[]): Json {
  const descriptions = new Map<number, string[]>();
  for (const [code, row] of Object.entries(ERROR_TABLE)) descriptions.set(row.status, [...(descriptions.get(row.status) ?? []), code]);
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: (descriptions.get(status) ?? []).join(", "), content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    ]),
  );
}

type DiscoveryPath = { path: string; schema: string; summary: string; contentType: string; outsideApi: boolean; parameters?: Json[]; refusals?: number[] };

const DISCOVERY: readonly DiscoveryPath[] = [
  { path: "/mcp/server-card", schema: "ServerCard", summary: "The MCP server card (SEP-2127 draft)", contentType: SERVER_CARD_MEDIA_TYPE, outsideApi: false },
  { path: "/.well-known/mcp/server-card", schema: "ServerCard", summary: "The MCP server card, where the SEP-2127 draft looks for it", contentType: SERVER_CARD_MEDIA_TYPE, outsideApi: true },
  { path: "/.well-known/mcp.json", schema: "McpManifest", summary: "The server card and the whole tool catalog: schemas, annotations, auth, scopes, prices", contentType: "application/json", outsideApi: true },
  { path: "/.well-known/ai-catalog.json", schema: "AiCatalog", summary: "The AI catalog (draft) listing the server card", contentType: "application/json", outsideApi: true },
  { path: "/.well-known/webmcp.json", schema: "WebMcpManifest", summary: "Which pages expose which tools to browser agents, and how", contentType: "application/json", outsideApi: true },
  {
    path: "/tools",
    schema: "ToolListing",
    summary: "The tools as tools/list lists them, or as a model API takes them (dialect openai: strict function tools; anthropic: tool definitions)",
    contentType: "application/json",
    outsideApi: false,
    parameters: [{ name: "dialect", in: "query", required: false, schema: { type: "string", enum: [...TOOL_DIALECTS], default: "mcp" } }],
    refusals: [422],
  },
  {
    path: "/tools/{name}",
    schema: "ToolDefinition",
    summary: "One tool in full: exact input and output schemas, and each action with its scope, example and schemas",
    contentType: "application/json",
    outsideApi: false,
    parameters: [{ name: "name", in: "path", required: true, description: "the tool's name (invoices.create) or its mapped name (invoices_create)", schema: { type: "string" } }],
    refusals: [404],
  },
];

/**
 * A named schema as a component: jsonSchema lifts it to the root but leaves its copy in `$defs`,
 * which nothing points at (a lint warns of it as an unused component); the copy goes.
 */
function component(schema: Parameters<typeof jsonSchema>[0]): Json {
  const { $defs, ...root } = jsonSchema(schema, "output");
  const others = Object.entries(($defs ?? {}) as Json).filter(([, definition]) => JSON.stringify(definition) !== JSON.stringify(root));
  return others.length ? { ...root, $defs: Object.fromEntries(others) } : root;
}

function discoverySchemas(): Json {
  const named = { ServerCard: serverCardSchema, McpManifest: mcpManifestSchema, AiCatalog: aiCatalogSchema, WebMcpManifest: webMcpManifestSchema, ToolListing: toolListingSchema, ToolDefinition: toolDefinitionSchema };
  return Object.fromEntries(Object.entries(named).map(([name, schema]) => [name, component(schema)]));
}

/** The open discovery documents (ADR 0015); those outside /api name the site root as their server. */
function addDiscoveryPaths(document: Json): void {
  const paths = document.paths as Record<string, Json>;
  for (const entry of DISCOVERY) {
    paths[entry.path] = {
      ...(entry.outsideApi ? { servers: [{ url: "/", description: "the site root: this document is outside /api" }] } : {}),
      get: {
        operationId: `discovery${entry.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
        summary: entry.summary,
        tags: ["discovery"],
        security: [],
        ...(entry.parameters ? { parameters: entry.parameters } : {}),
        responses: {
          "200": { description: entry.summary, headers: { ETag: { schema: { type: "string" } } }, content: { [entry.contentType]: { schema: { $ref: `#/components/schemas/${entry.schema}` } } } },
          "304": { description: "unchanged since the ETag sent in If-None-Match" },
          ...errorResponses([401, 429, ...(entry.refusals ?? [])].sort()),
        },
      },
    };
  }
}

export function buildOpenApiDocument(router: AnyRouter, procedures: readonly ProcedureEntry[], version: string): Json {
  const document = generateOpenApiDocument(router, {
    title: "Invoicing service",
    description:
      "Create, validate and manage invoices. Amounts are integers in minor units (cents). Every operation here is also a typed tRPC procedure at /trpc and, where it has a tool, a JSON-RPC/MCP tool at /api/mcp.",
    version,
    baseUrl: REST_PREFIX,
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "API key: Authorization: Bearer svc_…" } },
  }) as unknown as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  for (const entry of procedures) {
    const openapi = entry.meta.openapi;
    if (!openapi) continue;
    const operation = paths[openapi.path]?.[openapi.method.toLowerCase()];
    if (!operation) continue;
    // Whether a credential is required comes from the builder's meta (keyProcedure sets keyRequired).
    operation.security = entry.meta.keyRequired ? [{ bearerAuth: [] }] : [];
    const responses = operation.responses as Record<string, Json>;
    const success = responses["200"];
    const status = String(entry.meta.successStatus ?? 200);
    // A route that may create nothing (a dry run) answers 200 then, 201 when it creates.
    const alsoOk = entry.meta.createdId ? { "200": { ...success, description: "nothing created (a dry run)" } } : {};
    operation.responses = { ...alsoOk, [status]: success, ...errorResponses(errorStatuses(entry)) };
    if ("idempotency_key" in entry.input.shape) {
      const parameters = (operation.parameters as Json[] | undefined) ?? [];
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: "Makes the request safe to retry: the same key and body return the stored response; another body gives 409 OPERATION_REUSED.",
        schema: { type: "string", maxLength: 255 },
      });
      operation.parameters = parameters;
    }
    if (entry.meta.textBody) {
      const body = operation.requestBody as { content: Record<string, Json> };
      const json = body.content["application/json"]?.schema as { properties?: Record<string, Json> } | undefined;
      const fields = json?.properties ?? {};
      body.content["text/plain"] = { schema: { type: "string", description: `the ${entry.meta.textBody} itself; the other fields as query parameters` } };
      const query = Object.entries(fields).filter(([name]) => name !== entry.meta.textBody && name !== "idempotency_key");
      const parameters = (operation.parameters as Json[] | undefined) ?? [];
      for (const [name, schema] of query) parameters.push({ name, in: "query", required: false, description: `with a text/plain body: ${String(schema.description ?? name)}`, schema });
      operation.parameters = parameters;
    }
    if (entry.meta.binaryBody) {
      const body = operation.requestBody as { content: Record<string, Json> };
      const { field, types } = entry.meta.binaryBody;
      // OpenAPI 3.1: raw bytes are a schema without a type, named by their media type.
      for (const type of types) body.content[type] = { schema: { contentMediaType: type, description: `the ${field} itself as raw bytes` } };
      if (entry.meta.multipartBody) {
        const json = body.content["application/json"]?.schema as { properties?: Record<string, Json> } | undefined;
        const { file, name } = entry.meta.multipartBody;
        const fields = Object.fromEntries(
          Object.entries(json?.properties ?? {})
            .filter(([key]) => key !== file && key !== name && key !== "encoding" && key !== "content_type")
            .map(([key, schema]) => [key, schema.type === "object" || schema.properties ? { type: "string", contentMediaType: "application/json", description: `${String(schema.description ?? key)} (as JSON)` } : schema]),
        );
        body.content["multipart/form-data"] = {
          schema: { type: "object", required: ["file"], properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: `the ${file}, with its file name` }, ...fields } },
        };
      }
    }
    if (status === "201") (operation.responses as Record<string, Json>)["201"] = { ...success, headers: { Location: { schema: { type: "string" }, description: "the created resource" } } };
  }
  addDiscoveryPaths(document);
  const components = (document.components ?? {}) as Json;
  // trpc-to-openapi registers its own error shapes; every error here is our Error body instead.
  const schemas = Object.entries((components.schemas as Json | undefined) ?? {}).filter(([name]) => !name.startsWith("error."));
  components.schemas = { ...Object.fromEntries(schemas), Error: ERROR_SCHEMA, ...discoverySchemas() };
  document.components = components;
  return document;
}
