// The invoice's tables: the line table (a row header per line, numeric columns end-aligned, the
// totals in <tfoot>), the exemption reasons beneath it, and the VAT breakdown. Cells hold
// document.ts's printed rows, so amounts, rates and quantities read exactly as in the other exports.
import { printedLines, printedTaxRows, type Total } from "../document.ts";
import { directed, labelled, localized, userText, type BodyContext } from "./context.ts";
import { element, fragment, text, type Html } from "./markup.ts";

/** The totals beneath the lines. Without the VAT breakdown table, VAT is shown per rate here: the law needs it. */
function totals(context: BodyContext): Total[] {
  const { document, template } = context;
  if (template.options.show.tax_breakdown || document.taxRows.length === 0) return document.totals;
  return document.totals.flatMap((total) =>
    total.label === document.labels.tax ? document.taxRows.map((row) => ({ label: row.label, amount: row.tax, strong: false })) : [total],
  );
}

export function linesTable(context: BodyContext): Html {
  const { document, template, words } = context;
  const withRate = template.options.show.tax_rate_column;
  // The tax rate is the fourth column of document.ts's line rows.
  const columns = <T>(cells: readonly T[]): T[] => (withRate ? [...cells] : cells.filter((_, index) => index !== 3));
  const header = columns(document.lineHeader);
  const rows = printedLines(document).slice(0, document.lines.length);
  const numeric = (cell: string): Html => element("td", { class: "num" }, localized(cell, context));
  return element(
    "div",
    { class: "table-scroll" },
    element(
      "table",
      { class: "lines" },
      element("caption", { class: "visually-hidden" }, text(words.lineItems)),
      element("thead", {}, element("tr", {}, ...header.map((label, index) => element("th", { scope: "col", class: index > 0 ? "num" : null }, text(label))))),
      element(
        "tbody",
        {},
        ...rows.map(({ cells }) => {
          const [description = "", ...numbers] = columns(cells);
          return element("tr", {}, userText("th", description, context, { scope: "row" }), ...numbers.map(numeric));
        }),
      ),
      element(
        "tfoot",
        {},
        ...totals(context).map(({ label, amount, strong }) =>
          element("tr", { class: strong ? "strong" : null }, directed("th", label, context, { scope: "row", colspan: header.length - 1 }), numeric(document.format.money(amount))),
        ),
      ),
    ),
  );
}

export function exemptions(context: BodyContext): Html {
  const { document } = context;
  return fragment(...document.exemptionReasons.map((reason) => element("p", { class: "exemption" }, labelled(context, document.labels.taxExemptionReason), userText("span", reason, context))));
}

export function taxBreakdown(context: BodyContext): Html | null {
  const { document, template } = context;
  const rows = printedTaxRows(document);
  if (!template.options.show.tax_breakdown || rows.length === 0) return null;
  return element(
    "section",
    { class: "tax-breakdown" },
    element(
      "table",
      { class: "tax" },
      element("caption", {}, text(document.labels.taxBreakdown)),
      element("thead", {}, element("tr", {}, ...document.taxHeader.map((label, index) => element("th", { scope: "col", class: index > 0 ? "num" : null }, text(label))))),
      element(
        "tbody",
        {},
        ...rows.map(([label = "", ...amounts]) => element("tr", {}, directed("th", label, context, { scope: "row" }), ...amounts.map((amount) => element("td", { class: "num" }, localized(amount, context))))),
      ),
    ),
  );
}

