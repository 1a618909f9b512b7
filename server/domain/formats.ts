// The formats an invoice is exported to (docs/api-guide.md "Export"): what a caller may ask for, what
// mail may attach, and which of them are e-invoices. render/export.ts makes them; routers, mail and
// the catalog name them, so the list lives here, below all of them.

/** The 14 formats, pdf by default. */
export const EXPORT_FORMATS = ["pdf", "png", "svg", "html", "json", "csv", "xlsx", "docx", "md", "dsl", "ubl", "cii", "facturx", "xrechnung"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const XRECHNUNG_SYNTAXES = ["ubl", "cii"] as const;
export type XRechnungSyntax = (typeof XRECHNUNG_SYNTAXES)[number];

/** Formats that are an e-invoice: they need a number and an invoice or credit note. */
export const EINVOICE_FORMATS: ReadonlySet<ExportFormat> = new Set(["ubl", "cii", "facturx", "xrechnung"]);
