// /.well-known/webmcp.json (ADR 0015; our own format, no spec defines one): which pages offer which
// tools to an agent in the browser, and how to reach them: the postMessage bridge's envelope and
// methods, which origins it answers, document/navigator.modelContext registration, the declarative
// attributes, and which calls wait for the person. Built from the same definitions the pages
// register (console-tools.ts, share-page-tools.ts), so it cannot list a tool a page lacks.
import { z } from "zod";
import { SHARE_PAGE_TOOLS } from "../../render/share-page-tools.ts";
import { CONSOLE_PAGES } from "./console/bridge/console-tools.ts";
import { ENVELOPE_TYPE, PROTOCOL_VERSIONS, TRUSTED_ORIGINS_META } from "./console/bridge/post-message.ts";
import type { PageToolDefinition } from "./console/bridge/tool.ts";

const jsonSchema = z.record(z.string(), z.unknown());

const pageTool = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  inputSchema: jsonSchema,
  annotations: jsonSchema,
  needs_confirmation: z.boolean().describe("the call waits until the person confirms it on the page; Cancel answers an isError result with code DECLINED"),
  declared_by: z.string().describe("CSS selector of the element that declares the tool, where the page shows it"),
  http: z.object({ method: z.string(), path: z.string() }).nullable().describe("the open HTTP route behind the tool, where there is one"),
  mcp: z.object({ tool: z.string(), arguments: z.record(z.string(), z.string()) }).nullable().describe("the same call on /api/mcp, where there is one"),
});

export const webMcpManifestSchema = z
  .object({
    version: z.literal(2),
    name: z.string(),
    description: z.string(),
    bridge: z.object({
      transport: z.literal("postMessage"),
      envelope: z.object({ type: z.literal(ENVELOPE_TYPE), message: z.string() }),
      example: jsonSchema,
      methods: z.array(z.string()),
      notifications: z.array(z.string()),
      protocol_versions: z.array(z.string()),
      reply: z.string(),
      trusted_origins: z.object({ policy: z.string(), meta: z.string(), origins: z.array(z.string()) }),
      model_context: z.object({ apis: z.array(z.string()), method: z.string() }),
      session: z.string(),
    }),
    declarative: z.object({ name_attribute: z.string(), description_attribute: z.string(), param_attribute_prefix: z.string(), form_attributes: z.array(z.string()) }),
    pages: z.array(
      z.object({
        path: z.string().describe("{token} stands for a share token, {id} for an invoice id"),
        description: z.string(),
        signed_in: z.boolean().describe("the page needs a signed-in session; its tools act with it"),
        tools: z.array(pageTool),
      }),
    ),
  })
  .meta({ id: "WebMcpManifest", description: "Which pages expose which tools to browser agents, and how (the service's own format)" });

export type WebMcpManifest = z.infer<typeof webMcpManifestSchema>;

const selectorFor = (name: string): string => `[data-tool-name="${name}"], form[toolname="${name}"]`;

function consoleEntry(tool: PageToolDefinition): z.infer<typeof pageTool> {
  const { name, title, description, inputSchema, annotations = {}, needsConfirmation = false } = tool;
  return { name, title, description, inputSchema, annotations: { ...annotations }, needs_confirmation: needsConfirmation, declared_by: selectorFor(name), http: null, mcp: null };
}

export function webMcpManifest(title: string, trustedOrigins: readonly string[]): WebMcpManifest {
  return {
    version: 2,
    name: title,
    description: "Tools the service's pages offer an agent in the browser: the console's (with the person's session) and the share page's (read-only, no session).",
    bridge: {
      transport: "postMessage",
      envelope: { type: ENVELOPE_TYPE, message: "one MCP JSON-RPC 2.0 message: a request, a response or a notification" },
      example: { type: ENVELOPE_TYPE, message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
      methods: ["initialize", "ping", "tools/list", "tools/call"],
      notifications: ["notifications/tools/list_changed"],
      protocol_versions: [...PROTOCOL_VERSIONS],
      reply: "posted to the sending window (event.source) with the sender's origin as targetOrigin",
      trusted_origins: {
        policy: "the page's own origin and these answer; any other sender gets no answer at all; these may also be framed in the pages",
        meta: `<meta name="${TRUSTED_ORIGINS_META}"> lists them in each page`,
        origins: [...trustedOrigins],
      },
      model_context: { apis: ["document.modelContext", "navigator.modelContext"], method: "registerTool / unregisterTool, where the browser has either" },
      session: "tools call what the page's own buttons call, as the signed-in person; approvals and other confirmed tools wait for the person's click",
    },
    declarative: { name_attribute: "data-tool-name", description_attribute: "data-tool-description", param_attribute_prefix: "data-tool-param-", form_attributes: ["toolname", "tooldescription", "toolparamdescription"] },
    pages: [
      ...CONSOLE_PAGES.map((page) => ({ path: page.path, description: page.description, signed_in: true, tools: page.tools.map(consoleEntry) })),
      {
        path: "/share/{token}",
        description: "An invoice shared by its link: read-only, no key or session needed.",
        signed_in: false,
        tools: SHARE_PAGE_TOOLS.map((tool) => ({
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: { ...tool.inputSchema, properties: {} },
          annotations: { ...tool.annotations },
          needs_confirmation: false,
          declared_by: tool.selector,
          http: { ...tool.http },
          mcp: tool.mcp ? { tool: tool.mcp.tool, arguments: { ...tool.mcp.arguments } } : null,
        })),
      },
    ],
  };
}
