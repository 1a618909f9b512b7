// The read-only tools the share page offers a browser agent: declared on the page's elements
// (data-tool-name, data-tool-description), registered by the page's bridge script
// (server/http/console/bridge/share-page.ts) and listed in /.well-known/webmcp.json. Each is also an open
// HTTP route and, where there is one, an MCP tool call. `{token}` stands for the page's share token.
// Plain data with no imports: the browser bundle takes it without the renderer.

const NO_INPUT = { type: "object", properties: {}, additionalProperties: false } as const;
const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export const SHARE_PAGE_TOOLS = [
  {
    name: "invoice.download_pdf",
    title: "Download the PDF",
    description: "Download this invoice as a PDF file.",
    selector: 'a[data-tool-name="invoice.download_pdf"]',
    http: { method: "GET", path: "/share/{token}/pdf" },
    mcp: null,
    inputSchema: NO_INPUT,
    annotations: READ_ONLY,
  },
  {
    name: "invoice.read",
    title: "Read the invoice",
    description: "This invoice as JSON, with its lines, totals, status and due date.",
    selector: 'link[data-tool-name="invoice.read"]',
    http: { method: "GET", path: "/api/shared/{token}" },
    mcp: { tool: "invoices.query", arguments: { action: "shared", share_token: "{token}" } },
    inputSchema: NO_INPUT,
    annotations: READ_ONLY,
  },
  {
    name: "invoice.summarize",
    title: "Summarize the invoice",
    description: "This invoice in a few sentences in its language: amounts, status, due date and what to do next.",
    selector: 'link[data-tool-name="invoice.summarize"]',
    http: { method: "GET", path: "/api/shared/{token}/summary" },
    mcp: { tool: "invoices.summarize", arguments: { action: "shared", share_token: "{token}" } },
    inputSchema: NO_INPUT,
    annotations: READ_ONLY,
  },
  {
    name: "invoice.payment_details",
    title: "How to pay",
    description: "What to pay and how: the amount due, currency, due date, payment terms, and the bank details (IBAN, BIC, reference).",
    selector: 'link[data-tool-name="invoice.payment_details"]',
    http: { method: "GET", path: "/api/shared/{token}" },
    mcp: { tool: "invoices.query", arguments: { action: "shared", share_token: "{token}" } },
    inputSchema: NO_INPUT,
    annotations: READ_ONLY,
  },
] as const;

export type SharePageTool = (typeof SHARE_PAGE_TOOLS)[number];

/** Where a tool of the page points for one share token. */
export function sharePageToolUrl(tool: SharePageTool, token: string): string {
  return tool.http.path.replace("{token}", token);
}
