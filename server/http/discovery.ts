// Discovery (ADR 0015): how an agent finds the service without being told. Built once at start from
// the tool registry and the configuration, served open and cacheable:
// - /.well-known/mcp.json: the MCP server card (SEP-2127 draft) plus the tool catalog, each tool with
//   its schemas, annotations, auth, scopes and price;
// - /api/mcp/server-card and /.well-known/mcp/server-card: the card alone, where the draft looks;
// - /.well-known/ai-catalog.json: the AI catalog draft, listing the card;
// - /.well-known/webmcp.json: our browser-agent manifest (webmcp-manifest.ts): which pages expose which tools, and how;
// - /llms.txt: a short plain-text guide;
// - /api/tools: the tools as tools/list shows them, or in a model API's dialect (?dialect=openai|anthropic,
//   tool-dialects.ts); /api/tools/{name}: one tool in full, exact input and output schemas, each action on its own.
import { z } from "zod";
import { AppError } from "../domain/errors.ts";
import { DOCUMENT_BUDGETS } from "../domain/document-budgets.ts";
import { oauthDocuments } from "./oauth/metadata.ts";
import { sha256Hex } from "../domain/secrets.ts";
import { DSL_EXAMPLE } from "../invoices/dsl.ts";
import type { Services } from "../services.ts";
import { paidActions } from "./catalog.ts";
import { SIZE_LIMITS, SUPPORTED_PROTOCOL_VERSIONS } from "../domain/wire.ts";
import { dialectToolName, TOOL_DIALECTS, toolsInDialect, type DialectTool } from "./tool-dialects.ts";
import { actionLabel, toolDefinition, toolListing, type Tool, type ToolRegistry } from "./tools.ts";
import { webMcpManifest, webMcpManifestSchema, type WebMcpManifest } from "./webmcp-manifest.ts";

export { webMcpManifestSchema };

const SERVER_CARD_SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";

const jsonSchema = z.record(z.string(), z.unknown());

export const serverCardSchema = z
  .object({
    $schema: z.string(),
    name: z.string().describe("reverse-DNS name of the server"),
    version: z.string(),
    title: z.string(),
    description: z.string(),
    websiteUrl: z.string(),
    remotes: z.array(
      z.object({
        type: z.literal("streamable-http"),
        url: z.string(),
        headers: z.array(z.object({ name: z.string(), description: z.string(), isRequired: z.boolean(), isSecret: z.boolean() })),
        supportedProtocolVersions: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "ServerCard", description: "The MCP server card (SEP-2127 draft)" });

const catalogTool = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  inputSchema: jsonSchema.describe("written for a model to read; the exact schema, and the output schema, at endpoints.tools/{name}"),
  annotations: jsonSchema,
  auth: z.object({
    required: z.boolean().describe("every action needs an API key"),
    open_actions: z.array(z.string()).optional().describe("actions callable without a key (on what they are given); absent when none or all are"),
  }),
  prices: z
    .array(z.object({ action: z.string(), operation: z.string(), usd: z.number(), when: z.string().nullable() }))
    .optional()
    .describe("the paid actions: paid per call with x402 without a credential, counted as usage with one; absent when all are free"),
});

export const mcpManifestSchema = serverCardSchema
  .extend({
    endpoints: z.object({
      mcp: z.string(),
      stream: z.string(),
      openapi: z.string(),
      llms: z.string(),
      webmcp: z.string(),
      tools: z.string().describe("the tools as model APIs take them (?dialect=openai|anthropic), and each in full at /{name}"),
    }),
    tools: z.array(catalogTool),
  })
  .meta({ id: "McpManifest", description: "The server card plus the whole tool catalog" });

export const toolListingSchema = z
  .object({
    dialect: z.enum(TOOL_DIALECTS),
    tools: z.array(jsonSchema).describe("mcp: as tools/list shows them; openai: strict function tools; anthropic: tool definitions"),
  })
  .meta({ id: "ToolListing", description: "The tools in one dialect (ADR 0035)" });

export const toolDefinitionSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    annotations: jsonSchema,
    inputSchema: jsonSchema.describe("exact: every limit the server checks"),
    outputSchema: jsonSchema,
    actions: z.array(
      z.object({
        action: z.string().nullable().describe("null for a tool of one procedure"),
        entity: z.string().nullable(),
        summary: z.string(),
        key_required: z.boolean(),
        scope: z.string().nullable(),
        example: jsonSchema,
        inputSchema: jsonSchema,
        outputSchema: jsonSchema,
      }),
    ),
  })
  .meta({ id: "ToolDefinition", description: "One tool in full: exact schemas, and each action on its own (ADR 0035)" });

export const aiCatalogSchema = z
  .object({
    specVersion: z.string(),
    entries: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), type: z.string(), url: z.string() })),
  })
  .meta({ id: "AiCatalog", description: "The AI catalog draft: the cards this site publishes" });

export type Discovery = {
  card: z.infer<typeof serverCardSchema>;
  mcp: z.infer<typeof mcpManifestSchema>;
  aiCatalog: z.infer<typeof aiCatalogSchema>;
  webMcp: WebMcpManifest;
  llmsTxt: string;
};

/** "api.acme.example" → "example.acme.api/invoicing"; an address or a single label → "local.invoicing/…". */
function reverseDnsName(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const dns = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) && !/^\d+(\.\d+){3}$/.test(host);
  return `${dns ? host.split(".").reverse().join(".") : "local.invoicing-service"}/invoicing`;
}

function catalogEntry(tool: Tool): z.infer<typeof catalogTool> {
  const label = (entry: Tool["actions"][number]): string => (entry.action === null ? "(call)" : actionLabel(entry));
  const open = tool.actions.filter((entry) => !entry.access.keyRequired);
  const prices = paidActions(tool);
  return {
    ...toolListing(tool),
    auth: {
      required: open.length === 0,
      ...(open.length > 0 && open.length < tool.actions.length ? { open_actions: open.map(label) } : {}),
    },
    ...(prices.length ? { prices } : {}),
  };
}


/** One line per paid tool action: what it costs and when. */
function paidLines(registry: ToolRegistry): string {
  return registry.tools
    .flatMap((tool) => paidActions(tool).map((price) => `- ${tool.name}${price.action === tool.name ? "" : ` ${price.action}`}: ${price.usd} USD${price.when ? ` (${price.when})` : ""}`))
    .join("\n");
}

function llmsText(base: string, registry: ToolRegistry): string {
  const tools = registry.tools.map((tool) => `- ${tool.name}: ${tool.title} (${tool.auth === "none" ? "open" : "API key"})`).join("\n");
  return `# Invoicing service

> Create, validate, render, export, share and analyse invoices. Amounts are integers in minor units
> (cents: 12000 is €120.00). Totals, VAT groups and numbers are computed by the service.

## Three faces, one set of operations
- REST: ${base}/api/… described by OpenAPI 3.1 at ${base}/api/openapi.json
- JSON-RPC 2.0 / MCP (Streamable HTTP): ${base}/api/mcp; ${base}/api/mcp/stream answers with server-sent events, reports progress of long work (notifications/progress) and honours notifications/cancelled
- Typed tRPC for TypeScript clients: ${base}/trpc

## Auth
Authorization: Bearer svc_… (an API key; each carries scopes such as invoices:read, invoices:write),
or an OAuth 2.1 access token an agent gets from a person (metadata: ${base}/.well-known/oauth-protected-resource/api/mcp).
Open without a key: health, capabilities, discovery, feedback, template schemas, and the tools marked
open, on what they are given (an inline invoice, a share token). On ${base}/api/mcp a call that needs
a credential and has none answers HTTP 401 with WWW-Authenticate: Bearer resource_metadata="…", so an
MCP client's OAuth starts by itself; a credential lacking a scope gets 403 error="insufficient_scope".
Changes of a stored invoice send base_revision (the revision read) and a new operation_id (UUID).

## Paid operations (pay per call without a key)
${paidLines(registry)}
With a key they count as the account's monthly usage (GET ${base}/api/usage). Without one the call
answers 402 with the x402 requirements (REST: the PAYMENT-REQUIRED header; MCP: an isError result);
pay in USDC and repeat it with PAYMENT-SIGNATURE, or over MCP with params._meta["x402/payment"].
Stored things are held to the tier's storage quotas (svc.capabilities storage_quotas; GET /api/usage
shows used and limit): live exports and their bytes, templates and logo bytes, import runs kept. A
keyless inline export's link lives an hour. Over a quota: 429 QUOTA_EXCEEDED, a file alone too large:
413, both with details {quota, tier, used, limit}.

## Tools
${tools}

Each in full (exact input and output schemas): ${base}/api/tools/{name}. Ready for model APIs:
${base}/api/tools?dialect=openai (strict function tools) or ?dialect=anthropic, names as invoices_create
(accepted back on /api/mcp).

## The Invoice DSL (invoices.createFromDsl, or POST ${base}/api/invoices/dsl as text/plain)
About a third of the tokens of the JSON. Every problem comes back at once, with line and column.
The currency is never guessed: with no CURRENCY line, no code or symbol on the amounts (€120.00) and
no default currency on the account, the create is a 422 saying so. The locale is: a LOCALE line, else
the linked client's, else the TAX region's or the seller's country, else the account's default, else
en-US (the invoice says which).

\`\`\`
${DSL_EXAMPLE}
\`\`\`

Saved as invoice.txt, with your key in $KEY, this creates it and answers 201 with the invoice
(numbered and locked: the FINALIZE line), its totals and the locale it chose:

\`\`\`sh
curl -s ${base}/api/invoices/dsl -H "Authorization: Bearer $KEY" -H "Content-Type: text/plain" --data-binary @invoice.txt
\`\`\`

The same as a tool call, a POST to ${base}/api/mcp with the same header (dry_run: true shows the
invoice and stores nothing):

\`\`\`json
${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "invoices.createFromDsl", params: { dsl: DSL_EXAMPLE, dry_run: true } })}
\`\`\`

## Import (the import tool, or POST ${base}/api/import)
Invoices, clients and products from CSV, TSV, XLSX, JSON, UBL, CII, XRechnung, Factur-X, PDF, DOCX,
vCard, the Invoice DSL, Markdown, HTML, PNG/JPEG or text; the format is told from the content. Start
with options.dry_run: true (the tool's default over 100 rows): every record with its action and
every problem {row or element, column or term, value, issue}. A commit is all-or-nothing unless
options.partial; the same file again makes nothing new; GET ${base}/api/imports/{id} reads the result.
Sizes: a document is at most ${SIZE_LIMITS.import_bytes} bytes (import_bytes); a body on ${base}/api/mcp
at most ${SIZE_LIMITS.body_bytes} (body_bytes), so a larger document goes to REST as the raw body, a form
or base64 in JSON, or to /trpc as base64 in JSON (that body up to ${SIZE_LIMITS.upload_body_bytes} (upload_body_bytes)).
Over a limit: 413 PAYLOAD_TOO_LARGE with details {limit, max}. What a file holds is limited too: XML ${DOCUMENT_BUDGETS.xml.depth} levels deep
(xml.depth), HTML ${DOCUMENT_BUDGETS.html.depth} (html.depth), JSON ${DOCUMENT_BUDGETS.json.depth} (json.depth), an XLSX or DOCX part
${DOCUMENT_BUDGETS.zip.entryBytes} bytes unpacked (zip.entryBytes), a cell ${DOCUMENT_BUDGETS.spreadsheet.cellChars} characters (spreadsheet.cellChars); over one:
422 (413 for bytes) with details {limit, value, max}.

## Discovery
- ${base}/.well-known/mcp.json: server card and the tool catalog with schemas, auth and prices
- ${base}/api/mcp/server-card: the MCP server card alone (also at ${base}/.well-known/mcp/server-card)
- ${base}/.well-known/ai-catalog.json: the AI catalog listing it
- ${base}/.well-known/webmcp.json: the tools pages expose to browser agents
- svc.capabilities (GET ${base}/api/capabilities): features, formats, limits, tiers, prices, payments
`;
}

export function buildDiscovery(services: Services, registry: ToolRegistry): Discovery {
  const base = services.config.publicUrl.replace(/\/$/, "");
  const card: Discovery["card"] = {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: reverseDnsName(base),
    version: services.version,
    title: "Invoicing service",
    description: `Create, validate, render, export, share and analyse invoices: ${registry.tools.length} tools over JSON-RPC/MCP, the same operations over REST and tRPC.`,
    websiteUrl: base,
    remotes: [
      {
        type: "streamable-http",
        url: `${base}/api/mcp`,
        headers: [{ name: "Authorization", description: "Bearer svc_… (an API key); open tools work without it", isRequired: false, isSecret: true }],
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      },
    ],
  };
  const mcp: Discovery["mcp"] = {
    ...card,
    endpoints: { mcp: `${base}/api/mcp`, stream: `${base}/api/mcp/stream`, openapi: `${base}/api/openapi.json`, llms: `${base}/llms.txt`, webmcp: `${base}/.well-known/webmcp.json`, tools: `${base}/api/tools` },
    tools: registry.tools.map(catalogEntry),
  };
  const aiCatalog: Discovery["aiCatalog"] = {
    specVersion: "1.0",
    entries: [{ id: card.name, name: card.title, description: card.description, type: SERVER_CARD_MEDIA_TYPE, url: `${base}/api/mcp/server-card` }],
  };
  const webMcp = webMcpManifest(card.title, services.config.webMcpOrigins);
  return { card, mcp, aiCatalog, webMcp, llmsTxt: llmsText(base, registry) };
}

export type DiscoveryDocument = { body: string; contentType: string; etag: string };

/**
 * The documents as served, by path: built on first request (the public URL is final by then), each
 * with a strong ETag so a client that has it gets 304.
 */
export function discoveryDocuments(services: Services, registry: ToolRegistry, mapped: ReadonlyMap<string, DialectTool>): () => Promise<Map<string, DiscoveryDocument>> {
  let built: Promise<Map<string, DiscoveryDocument>> | null = null;
  const document = async (body: string, contentType: string): Promise<DiscoveryDocument> => ({ body, contentType, etag: `"${await sha256Hex(body)}"` });
  return () =>
    (built ??= (async () => {
      const discovery = buildDiscovery(services, registry);
      const card = JSON.stringify(discovery.card);
      const json = "application/json; charset=utf-8";
      return new Map([
        ["/.well-known/mcp.json", await document(JSON.stringify(discovery.mcp), json)],
        ["/api/mcp/server-card", await document(card, SERVER_CARD_MEDIA_TYPE)],
        ["/.well-known/mcp/server-card", await document(card, SERVER_CARD_MEDIA_TYPE)],
        ["/.well-known/ai-catalog.json", await document(JSON.stringify(discovery.aiCatalog), json)],
        ["/.well-known/webmcp.json", await document(JSON.stringify(discovery.webMcp), json)],
        ["/llms.txt", await document(discovery.llmsTxt, "text/plain; charset=utf-8")],
        ...(await Promise.all(TOOL_DIALECTS.map(async (dialect) => [`/api/tools?dialect=${dialect}`, await document(JSON.stringify(toolsInDialect(registry, mapped, dialect)), json)] as const))),
        // One document per tool, under both its names.
        ...(
          await Promise.all(
            registry.tools.map(async (tool) => {
              const definition = await document(JSON.stringify(toolDefinition(tool)), json);
              return [tool.name, dialectToolName(tool.name)].map((name) => [`/api/tools/${name}`, definition] as const);
            }),
          )
        ).flat(),
        ...(await Promise.all(oauthDocuments(services.config.publicUrl).map(async ([path, body]) => [path, await document(JSON.stringify(body), json)] as const))),
      ]);
    })());
}

/**
 * The document a request names: its path, and for /api/tools the dialect asked for (mcp by
 * default); an unknown dialect is refused by name.
 */
export function discoveryKey(url: URL): string {
  if (url.pathname !== "/api/tools") return url.pathname;
  const dialect = url.searchParams.get("dialect") ?? "mcp";
  if (!(TOOL_DIALECTS as readonly string[]).includes(dialect)) {
    throw new AppError("VALIDATION_ERROR", `dialect must be one of ${TOOL_DIALECTS.join(", ")}`, { field: "dialect", issue: `one of ${TOOL_DIALECTS.join(", ")}` });
  }
  return `/api/tools?dialect=${dialect}`;
}

export const DISCOVERY_CACHE_CONTROL = "public, max-age=300";
