// The share page's bridge script (served as /share-assets/bridge-<hash>.js): registers the page's
// read-only tools, found through the elements that declare them, and opens the bridge. The page has
// no session: every tool uses only the share token's public routes, with cookies left out.
import { SHARE_PAGE_TOOLS, type SharePageTool } from "../../../../render/share-page-tools.ts";
import { registerPageTool } from "./registry.ts";
import { startBridge } from "./start.ts";

type SharedInvoice = {
  status: string;
  currency: string;
  amount_due: number;
  due_date: string | null;
  payment_terms: string | null;
  payment: { means?: string; iban?: string | null; bic?: string | null; reference?: string | null } | null;
  number: string | null;
  from_name: string;
};

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: "omit", headers: { accept: "application/json" } });
  const body = (await response.json()) as { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${url} answered ${response.status}`);
  return body;
}

/** What the tool does, given the element that declares it. */
function behaviour(tool: SharePageTool, element: HTMLAnchorElement | HTMLLinkElement): () => Promise<unknown> {
  switch (tool.name) {
    case "invoice.download_pdf":
      // As the person's click would: the browser downloads the file; the agent gets its address.
      return async () => {
        (element as HTMLAnchorElement).click();
        return { url: element.href };
      };
    case "invoice.payment_details":
      return async () => {
        const invoice = (await getJson(element.href)) as SharedInvoice;
        const { number, from_name: payee, status, currency, amount_due, due_date, payment_terms, payment } = invoice;
        return { number, payee, status, currency, amount_due, due_date, payment_terms, payment };
      };
    default:
      return () => getJson(element.href);
  }
}

for (const tool of SHARE_PAGE_TOOLS) {
  const element = document.querySelector<HTMLAnchorElement | HTMLLinkElement>(tool.selector);
  if (!element) continue;
  const { name, title, description, inputSchema, annotations } = tool;
  registerPageTool({ name, title, description, inputSchema: { ...inputSchema, properties: {} }, annotations, execute: behaviour(tool, element) });
}
startBridge();
