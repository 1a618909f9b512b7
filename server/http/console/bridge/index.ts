// The browser-agent bridge (WebMCP): a page's actions as tools for an agent in the browser.
//
// How a page uses it (framework-neutral; Preact components use ./preact.ts's usePageTool):
//
//   import { consoleTool, registerPageTool, startBridge, toolAttributes } from "./index.ts";
//   startBridge();                         // once, in the page's entry script
//   const unregister = registerPageTool({
//     ...consoleTool("approvals.approve"), // name, title, description, inputSchema, annotations, needsConfirmation
//     execute: ({ invoice_id }) => api.invoices.transition.mutate({ ... }),   // what the button does
//     describeCall: ({ invoice_id }) => `INV-0042 for ACME, €1,200.00`,       // for the confirmation dialog
//   });
//   unregister();                          // when the page or component goes away
//   <button {...toolAttributes(consoleTool("approvals.approve"), { invoice_id })}>   // data-tool-* markup
//   <form {...formToolAttributes(tool)}> <input {...paramAttributes(tool, "note")}>  // the draft's toolname…
//
// The tools then reach an agent two ways, both through the same checks: `document.modelContext`
// (or `navigator.modelContext`) where the browser has it, and a window.postMessage bridge speaking
// MCP JSON-RPC (post-message.ts describes the envelope) to the page's own origin and the origins the
// server trusts. `execute` runs with the page's session (it calls the tRPC procedures the buttons
// call); a tool with needsConfirmation runs only after the person clicks Confirm in a dialog.
// Also here: share-page.ts, the share page's own script (built by server/http/webmcp.ts), and
// trust.ts, the server's side (WEBMCP_ORIGINS into a page's meta tag and CSP).
export { formToolAttributes, paramAttributes, toolAttributes } from "./attributes.ts";
export { setConfirmationLabels, type ConfirmationLabels } from "./confirm.ts";
export { CONSOLE_PAGES, consoleTool, type ConsoleToolName } from "./console-tools.ts";
export { registerPageTool, type PageTool } from "./registry.ts";
export { startBridge } from "./start.ts";
export type { InputSchema, PageToolDefinition, ToolResult } from "./tool.ts";
