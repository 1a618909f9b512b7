// The invoice as semantic HTML: a header with the title (and a visible DRAFT mark), the parties as
// <address>, the dates as a <dl>, the tables (invoice-tables.ts), payment facts with the EPC QR code,
// notes and the template's footer. Every value comes from the template's document
// (templates/content.ts, shared with the PDF designs), laid out by render/format.ts as in every
// other export; every piece of user text goes through markup.ts's escaping.
import { headingOf, printedDates, type Fact, type InvoiceDocument, type Party } from "../document.ts";
import { epcPayload } from "../qr/epc.ts";
import { labelled, localized, userText, type BodyContext } from "./context.ts";
import { exemptions, linesTable, taxBreakdown } from "./invoice-tables.ts";
import { element, text, type Html } from "./markup.ts";
import { qrSvg } from "./qr-svg.ts";

function logo({ template, record }: BodyContext): Html | null {
  const { logo } = template;
  if (!logo || !template.options.show.logo) return null;
  let binary = "";
  // String.fromCharCode takes arguments: in chunks, so a large logo cannot overflow the stack.
  for (let start = 0; start < logo.bytes.length; start += 0x8000) binary += String.fromCharCode(...logo.bytes.subarray(start, start + 0x8000));
  const src = `data:image/${logo.format};base64,${btoa(binary)}`;
  return element("img", { class: "logo", src, alt: record.from_name, width: logo.width, height: logo.height });
}

/** The heading reads as headingOf ("Invoice — DRAFT"); on a draft the mark shows as a stamp instead of the dash. */
function title(document: InvoiceDocument): Html {
  if (document.number) return element("h1", { class: "title" }, text(headingOf(document)));
  return element("h1", { class: "title" }, text(document.type), element("span", { class: "visually-hidden" }, text(" — ")), element("span", { class: "draft-mark" }, text(document.labels.draft)));
}

function masthead(context: BodyContext): Html {
  return element("header", { class: "masthead" }, title(context.document), logo(context));
}

function party(context: BodyContext, { label, lines, taxId }: Party, id: string): Html {
  const [name = "", ...rest] = lines;
  const taxLine = taxId ? element("p", { class: "tax-id" }, labelled(context, context.document.labels.taxId), userText("span", taxId, context)) : null;
  // One block per line, each laid out by its own letters: "10115 Berlin" stays so on a right-to-left page.
  return element(
    "section",
    { class: "party", "aria-labelledby": id },
    element("h2", { id }, text(label)),
    element("address", {}, userText("span", name, context, { class: "text line party-name" }), ...rest.map((line) => userText("span", line, context, { class: "text line" }))),
    taxLine,
  );
}

function facts(entries: readonly Fact[], className: string, value: (fact: Fact, index: number) => Html): Html | null {
  if (entries.length === 0) return null;
  return element("dl", { class: `facts ${className}` }, ...entries.map((fact, index) => element("div", {}, element("dt", {}, text(fact.label)), element("dd", {}, value(fact, index)))));
}

function summary(context: BodyContext): Html {
  const { document } = context;
  const [seller, buyer] = document.parties as [Party, Party];
  const printed = printedDates(document);
  // printedDates puts the preceding invoice last: its number is user text, the rest are dates.
  const precedingAt = document.preceding ? printed.length - 1 : -1;
  const dates = facts(printed, "dates", ({ value }, index) => (index === precedingAt ? userText("span", value, context) : localized(value, context)));
  return element("div", { class: "summary" }, party(context, seller, "party-seller"), party(context, buyer, "party-buyer"), dates);
}

function payment(context: BodyContext): Html | null {
  const { document, template, record, words, qrColor } = context;
  // Only an invoice asks the reader to pay: on a credit note the amount is owed to them, and a quote
  // or purchase order is not a demand for payment (epcPayload does not look at the type).
  const payload = template.options.show.qr_code ? epcPayload(record) : null;
  const details = template.options.show.payment ? facts(document.payment, "payment-facts", ({ value }) => userText("span", value, context)) : null;
  if (!details && !payload) return null;
  const code = payload ? qrSvg(payload, words.paymentQrCode, qrColor) : null;
  return element(
    "section",
    { class: "payment", "aria-labelledby": "payment-heading" },
    element("h2", { id: "payment-heading" }, text(document.labels.paymentInstructions)),
    element("div", { class: "payment-body" }, details, code),
  );
}

function notes(context: BodyContext): Html | null {
  const { notes, labels } = context.document;
  if (!notes) return null;
  return element("section", { class: "notes", "aria-labelledby": "notes-heading" }, element("h2", { id: "notes-heading" }, text(labels.notes)), userText("p", notes, context));
}

function footer(context: BodyContext): Html | null {
  const { footer: footerText } = context.template.options;
  return footerText ? element("footer", { class: "page-footer" }, userText("p", footerText, context)) : null;
}

/** The sheet: header, main content, footer. */
export function invoiceBody(context: BodyContext): Html {
  const closing = [taxBreakdown(context), payment(context)].filter((block) => block !== null);
  return element(
    "div",
    { class: "sheet" },
    masthead(context),
    element(
      "main",
      {},
      summary(context),
      linesTable(context),
      exemptions(context),
      closing.length > 0 ? element("div", { class: "closing" }, ...closing) : null,
      notes(context),
    ),
    footer(context),
  );
}
