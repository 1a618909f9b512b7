// HTML export: the page read back by an HTML parser (linkedom) — language, direction, title, table
// semantics, every value as render/document.ts prints it, escaping of every user field, the nonce,
// no style attributes, DRAFT, the template's show flags and wording, right-to-left pages, colour
// contrast, and the EPC QR code rasterised by resvg and scanned by jsQR. Chromium prints a 20-line
// invoice in each design on one A4 page; without Chromium and poppler those tests fail in CI and
// are skipped elsewhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { encode } from "fast-png";
import jsQR from "jsqr";
import { parseHTML } from "linkedom";
import { toHtml } from "../../../render/codecs/html.ts";
import { headingOf, invoiceDocument, printedDates, printedLines, printedTaxRows } from "../../../render/document.ts";
import { AA_TEXT, contrastRatio, ensureContrast } from "../../../render/html/contrast.ts";
import { paletteOf, PAPER_COLOR } from "../../../render/html/palette.ts";
import type { Rgb } from "../../../render/layout/boxes.ts";
import { LABELS } from "../../../render/labels/index.ts";
import { epcPayload } from "../../../render/qr/epc.ts";
import { BASE_DEFAULTS, OVERRIDABLE_LABELS, SHOWABLE, type Showable, type TemplateOptions } from "../../../render/templates/options.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate, type RenderTemplate } from "../../../render/templates/template.ts";
import { priced, type InvoiceRecord } from "../../../server/domain/invoice.ts";
import { ALL, FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE, KUWAITI } from "../../../scripts/samples/invoices.ts";
import { DISCOUNT_LINES, DISCOUNTED, DISCOUNTED_DE } from "../discounted.ts";

type Page = ReturnType<typeof parseHTML>["document"];
type Node = ReturnType<Page["querySelector"]>;

/** 2×2 transparent PNG. */
const LOGO = { format: "png" as const, bytes: encode({ width: 2, height: 2, data: new Uint8Array(16), channels: 4 }), width: 2, height: 2 };

const parse = (html: string): Page => parseHTML(html).document;
const all = (page: Page | NonNullable<Node>, selector: string) => [...page.querySelectorAll(selector)];
const textOf = (node: Node | undefined): string => node?.textContent ?? "";
const texts = (page: Page | NonNullable<Node>, selector: string): string[] => all(page, selector).map((node) => textOf(node));
const cellsOf = (row: NonNullable<Node>): string[] => texts(row, "th, td");

function template(base: RenderTemplate["base"], change: (options: TemplateOptions) => void = () => {}): RenderTemplate {
  const result = builtInTemplate(base);
  change(result.options);
  return result;
}

function hiding(flag: Showable): RenderTemplate {
  return template("classic", (options) => {
    options.show[flag] = false;
  });
}

/** The stylesheet's value of a custom property. */
function cssVariable(page: Page, name: string): Rgb {
  const match = new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(textOf(page.querySelector("style")));
  if (!match) throw new Error(`--${name} not found`);
  return match[1] as Rgb;
}

const german = parse(toHtml(GERMAN, builtInTemplate("classic")));

describe("document", () => {
  test("an HTML5 document in the invoice's language, titled like the other exports", () => {
    const html = toHtml(GERMAN, builtInTemplate("classic"));
    expect(html.startsWith("<!doctype html>\n<html")).toBe(true);
    expect(german.documentElement.getAttribute("lang")).toBe("de-DE");
    expect(german.documentElement.getAttribute("dir")).toBe("ltr");
    expect(german.querySelector("meta[charset]")?.getAttribute("charset")).toBe("utf-8");
    expect(german.title).toBe("Rechnung RE-2026-0042");
    expect(textOf(german.querySelector("h1"))).toBe("Rechnung RE-2026-0042");
    expect(german.body.getAttribute("class")).toBe("design-classic");
  });

  test("nothing is loaded from anywhere: one <style>, no scripts, only data: URLs", () => {
    const withLogo = parse(toHtml(GERMAN, { ...builtInTemplate("modern"), logo: LOGO }));
    for (const page of [german, withLogo]) {
      expect(all(page, "style")).toHaveLength(1);
      expect(all(page, "script, iframe, object, embed, link[rel=stylesheet], base")).toHaveLength(0);
      for (const node of all(page, "[src], [href]")) expect(node.getAttribute("src") ?? node.getAttribute("href")).toStartWith("data:");
      expect(textOf(page.querySelector("style"))).not.toMatch(/url\(|@import|@font-face/);
    }
  });

  test("no style attributes and no event handler attributes", () => {
    for (const [, record] of ALL) {
      for (const base of BASE_DESIGNS) {
        const page = parse(toHtml(record, { ...builtInTemplate(base), logo: LOGO }));
        for (const node of all(page, "*")) {
          const names = node.getAttributeNames();
          expect(names).not.toContain("style");
          expect(names.filter((name: string) => name.startsWith("on"))).toEqual([]);
        }
      }
    }
  });

  test("landmarks and headings: header with the h1, main, parties as <address>, dates as <dl>", () => {
    expect(all(german, "body header h1")).toHaveLength(1);
    expect(all(german, "main")).toHaveLength(1);
    expect(texts(german, "main h2")).toEqual(["Absender", "Rechnungsempfänger", "Zahlungsinformationen", "Anmerkungen"]);
    expect(all(german, "section.party address")).toHaveLength(2);
    expect(texts(german, "dl.dates dt")).toEqual(["Rechnungsdatum", "Fälligkeitsdatum", "Liefer-/Leistungsdatum"]);
    expect(all(german, "footer")).toHaveLength(0);
  });

  test("the nonce goes on the <style>, and only a CSP nonce is accepted", () => {
    const page = parse(toHtml(GERMAN, builtInTemplate("classic"), { nonce: "r4nd0m+/Nonce_-==" }));
    expect(page.querySelector("style")?.getAttribute("nonce")).toBe("r4nd0m+/Nonce_-==");
    expect(german.querySelector("style")?.hasAttribute("nonce")).toBe(false);
    for (const nonce of ["", `a" onload="x`, "a'; script-src *", "a b"]) expect(() => toHtml(GERMAN, builtInTemplate("classic"), { nonce })).toThrow("CSP nonce");
  });
});

describe("line table", () => {
  const table = german.querySelector("table.lines");

  test("caption, header row of column headers, a row header per line, totals in <tfoot>", () => {
    expect(textOf(table?.querySelector("caption"))).toBe("Positionen");
    expect(table?.querySelector("caption")?.getAttribute("class")).toBe("visually-hidden");
    expect(all(table!, "thead th").map((th) => th.getAttribute("scope"))).toEqual(["col", "col", "col", "col", "col"]);
    expect(texts(table!, "thead th")).toEqual(["Beschreibung", "Menge", "Einzelpreis", "MwSt.-Satz", "Betrag"]);
    expect(all(table!, "tbody tr")).toHaveLength(3);
    expect(all(table!, "tbody tr > th[scope=row]")).toHaveLength(3);
    expect(all(table!, "tfoot tr > th[scope=row][colspan='4']")).toHaveLength(5);
    expect(all(table!, "tfoot tr.strong").map((row) => textOf(row.querySelector("th")))).toEqual(["Gesamtbetrag", "Offener Betrag"]);
  });

  test("numeric columns are right-aligned (end-aligned): every number cell and its header", () => {
    for (const row of all(table!, "tr")) expect(all(row, "th, td").slice(1).every((cell) => cell.classList.contains("num"))).toBe(true);
    expect(textOf(german.querySelector("style"))).toContain(".num { text-align: end;");
  });

  test("de-DE amounts, quantities, rates and dates exactly as format.ts lays them out", () => {
    expect(all(table!, "tbody tr").map(cellsOf)).toEqual([
      ["Beratung", "10", "120,00\u00a0€", "19\u00a0%", "1.200,00\u00a0€"],
      ["Fachbuch", "2", "19,99\u00a0€", "7\u00a0%", "39,98\u00a0€"],
      ["Reisekosten", "1,5", "45,50\u00a0€", "19\u00a0%", "68,25\u00a0€"],
    ]);
    expect(all(table!, "tfoot tr").map(cellsOf)).toEqual([
      ["Zwischensumme", "1.308,23\u00a0€"],
      ["MwSt.", "243,77\u00a0€"],
      ["Gesamtbetrag", "1.552,00\u00a0€"],
      ["Bereits bezahlt", "500,00\u00a0€"],
      ["Offener Betrag", "1.052,00\u00a0€"],
    ]);
    expect(all(german, "table.tax tr").map(cellsOf)).toEqual([
      ["MwSt.-Satz", "Nettobetrag", "MwSt."],
      ["MwSt. 7\u00a0%", "39,98\u00a0€", "2,80\u00a0€"],
      ["MwSt. 19\u00a0%", "1.268,25\u00a0€", "240,97\u00a0€"],
    ]);
    expect(texts(german, "dl.dates dd")).toEqual(["1. November 2026", "1. Dezember 2026", "30. Oktober 2026"]);
  });
});

describe("a discounted line", () => {
  // The row header holds the description and, on the next line (the cell keeps line breaks), the
  // discount in the invoice's language; the unit price stays the price and the amount is the net.
  test.each(BASE_DESIGNS)("%s: the discount beneath the description, in English and German", (base) => {
    for (const [record, lines, rows] of [
      [DISCOUNTED, DISCOUNT_LINES.en, [["40", "€120.00", "20%", "€4,320.00"], ["1", "€89.50", "20%", "€89.50"], ["3", "€33.33", "20%", "€97.49"]]],
      [DISCOUNTED_DE, DISCOUNT_LINES.de, [["40", "120,00 €", "20 %", "4.320,00 €"], ["1", "89,50 €", "20 %", "89,50 €"], ["3", "33,33 €", "20 %", "97,49 €"]]],
    ] as const) {
      const page = parse(toHtml(record, builtInTemplate(base)));
      const body = all(page, "table.lines tbody tr").map((row) => cellsOf(row).map((cell) => cell.replace(/\u00a0/g, " ")));
      expect(body).toEqual([
        [`Consulting\n${lines[0]}`, ...rows[0]],
        ["Travel", ...rows[1]],
        [`Licence seats\n${lines[1]}`, ...rows[2]],
      ]);
      expect(all(page, "table.lines tbody th.text[scope=row]")).toHaveLength(3);
      expect(textOf(page.querySelector("style"))).toContain(".text, address { white-space: pre-line;");
    }
  });
});

describe("every value of every fixture, as render/document.ts prints it", () => {
  test.each(ALL)("%s", (_, record) => {
    const document = invoiceDocument(record);
    const page = parse(toHtml(record, builtInTemplate("modern")));
    const rows = printedLines(document);
    expect(page.title).toBe(headingOf(document));
    expect(all(page, "table.lines tbody tr").map(cellsOf)).toEqual(rows.slice(0, document.lines.length).map(({ cells }) => cells));
    expect(all(page, "table.lines tfoot tr").map(cellsOf)).toEqual(rows.slice(document.lines.length).map(({ cells }) => cells.slice(3)));
    expect(all(page, "table.tax tbody tr").map(cellsOf)).toEqual(printedTaxRows(document));
    expect(all(page, "dl.dates > div").map((fact) => [textOf(fact.querySelector("dt")), textOf(fact.querySelector("dd"))])).toEqual(printedDates(document).map(({ label, value }) => [label, value]));
    expect(all(page, "section.party").map((party) => texts(party, "address .line"))).toEqual(document.parties.map(({ lines }) => lines));
    expect(texts(page, ".tax-id")).toEqual(document.parties.flatMap(({ taxId }) => (taxId ? [`${document.labels.taxId}${document.labels.colon}${taxId}`] : [])));
    expect(texts(page, ".exemption")).toEqual(document.exemptionReasons.map((reason) => `${document.labels.taxExemptionReason}${document.labels.colon}${reason}`));
    expect(all(page, "dl.payment-facts > div").map((fact) => [textOf(fact.querySelector("dt")), textOf(fact.querySelector("dd"))])).toEqual(document.payment.map(({ label, value }) => [label, value]));
    expect(textOf(page.querySelector("section.notes p"))).toBe(document.notes ?? "");
  });

  test("JPY without decimals, KWD with three, a French credit note with its preceding invoice", () => {
    expect(textOf(parse(toHtml(JAPANESE, builtInTemplate("classic"))).querySelector("tfoot tr.strong td"))).toBe("￥507,701");
    expect(textOf(parse(toHtml(KUWAITI, builtInTemplate("classic"))).querySelector("tfoot tr.strong td"))).toBe("KWD\u00a013.270");
    const french = parse(toHtml(FRENCH_CREDIT_NOTE, builtInTemplate("classic")));
    expect(french.title).toBe("Avoir AV-2026-0003");
    expect(textOf(all(french, "dl.dates dd").at(-1))).toBe("RE-2026-0001 (1 octobre 2026)");
  });
});

describe("escaping", () => {
  const SCRIPT = "<script>alert(1)</script>";
  const IMAGE = `"><img src=x onerror=alert(2)>`;
  const STYLE = "</style><style>body{display:none}</style>";
  const PAYLOADS = [SCRIPT, IMAGE, STYLE];

  function hostile(payload: string): { record: InvoiceRecord; template: RenderTemplate } {
    const address = { line1: payload, line2: payload, city: payload, postal_code: payload, region: payload, country: "DE" };
    const record: InvoiceRecord = {
      ...GERMAN,
      number: payload,
      from_name: payload,
      from_email: payload,
      from_address: address,
      from_tax_id: payload,
      bill_to_name: payload,
      bill_to_email: payload,
      bill_to_address: address,
      bill_to_tax_id: payload,
      payment_terms: payload,
      payment: { means: "58", iban: payload, bic: payload, reference: payload },
      notes: payload,
      tax_exemption_reason: payload,
      preceding_invoice: { id: null, number: payload, issue_date: "2026-10-01" },
      items: GERMAN.items.map((item) => ({ ...item, description: payload })),
    };
    const labels = Object.fromEntries(OVERRIDABLE_LABELS.map((key) => [key, `${payload} ${key}`]));
    return { record, template: { ...template("bold", (options) => Object.assign(options, { footer: payload, labels })), logo: LOGO } };
  }

  test.each(PAYLOADS)("%s in every user field and template text stays text", (payload) => {
    const { record, template: hostileTemplate } = hostile(payload);
    const html = toHtml(record, hostileTemplate, { nonce: "n0nce" });
    expect(html).not.toContain(payload);
    const page = parse(html);
    expect(all(page, "script")).toHaveLength(0);
    expect(all(page, "style")).toHaveLength(1);
    expect(textOf(page.querySelector("style"))).not.toContain("display:none");
    expect(all(page, "img")).toHaveLength(1);
    expect(page.querySelector("img")?.getAttribute("src")).toStartWith("data:image/png;base64,");
    expect(page.querySelector("img")?.getAttribute("alt")).toBe(payload);
    for (const node of all(page, "*")) expect(node.getAttributeNames().filter((name: string) => name.startsWith("on") || name === "style")).toEqual([]);
    expect(page.title).toBe(`${LABELS.de.title.invoice} ${payload}`);
    expect(texts(page, ".party-name")).toEqual([payload, payload]);
    expect(texts(page, "table.lines tbody th")).toEqual([payload, payload, payload]);
    expect(textOf(page.querySelector("section.notes p"))).toBe(payload);
    expect(textOf(page.querySelector("footer p"))).toBe(payload);
    expect(texts(page, "table.lines thead th")[0]).toBe(`${payload} description`);
    expect(texts(page, "dl.payment-facts dd")).toEqual([payload, payload, payload, payload]);
    expect(page.body.textContent.split(payload).length - 1).toBeGreaterThanOrEqual(20);
  });
});

describe("DRAFT", () => {
  test("a draft says so in its title and shows a translated stamp", () => {
    const page = parse(toHtml(HOSTILE, builtInTemplate("bold")));
    expect(page.title).toBe("Invoice — DRAFT");
    expect(textOf(page.querySelector("h1"))).toBe("Invoice — DRAFT");
    expect(textOf(page.querySelector("h1 .draft-mark"))).toBe("DRAFT");
    const germanDraft = parse(toHtml({ ...GERMAN, number: null }, builtInTemplate("classic")));
    expect(textOf(germanDraft.querySelector(".draft-mark"))).toBe("ENTWURF");
    expect(all(german, ".draft-mark")).toHaveLength(0);
  });

  test("the template's wording of DRAFT", () => {
    const page = parse(toHtml({ ...GERMAN, number: null }, template("minimal", (options) => (options.labels.draft = "Vorläufig"))));
    expect(page.title).toBe("Rechnung — Vorläufig");
    expect(textOf(page.querySelector(".draft-mark"))).toBe("Vorläufig");
  });
});

describe("template options", () => {
  test("every show flag is on by default and each one hides only its block", () => {
    const full = parse(toHtml(GERMAN, { ...builtInTemplate("classic"), logo: LOGO }));
    const hidden = (flag: Showable): Page => parse(toHtml(GERMAN, { ...hiding(flag), logo: LOGO }));
    expect(SHOWABLE.every((flag) => BASE_DEFAULTS.classic.show[flag])).toBe(true);

    expect(all(full, "header img.logo")).toHaveLength(1);
    expect(all(hidden("logo"), "img")).toHaveLength(0);

    expect(all(full, ".tax-id")).toHaveLength(2);
    expect(all(hidden("tax_ids"), ".tax-id")).toHaveLength(0);

    expect(texts(hidden("delivery_date"), "dl.dates dt")).toEqual(["Rechnungsdatum", "Fälligkeitsdatum"]);

    const noBreakdown = hidden("tax_breakdown");
    expect(all(noBreakdown, "table.tax")).toHaveLength(0);
    // VAT per rate is the law's: it moves into the totals instead of the one VAT row.
    expect(all(noBreakdown, "table.lines tfoot tr").map(cellsOf)).toEqual([
      ["Zwischensumme", "1.308,23\u00a0€"],
      ["MwSt. 7\u00a0%", "2,80\u00a0€"],
      ["MwSt. 19\u00a0%", "240,97\u00a0€"],
      ["Gesamtbetrag", "1.552,00\u00a0€"],
      ["Bereits bezahlt", "500,00\u00a0€"],
      ["Offener Betrag", "1.052,00\u00a0€"],
    ]);

    const noPayment = hidden("payment");
    expect(all(noPayment, "dl.payment-facts")).toHaveLength(0);
    expect(all(noPayment, "section.payment svg.qr")).toHaveLength(1);
    expect(all(hidden("qr_code"), "svg")).toHaveLength(0);
    expect(all(hidden("qr_code"), "dl.payment-facts > div")).toHaveLength(4);
    const neither = parse(toHtml(GERMAN, template("classic", (options) => Object.assign(options.show, { payment: false, qr_code: false }))));
    expect(all(neither, "section.payment")).toHaveLength(0);

    expect(all(full, "section.notes")).toHaveLength(1);
    expect(all(hidden("notes"), "section.notes")).toHaveLength(0);

    expect(textOf(full.querySelector("style"))).toContain(`@bottom-right { content: "Seite " counter(page) " von " counter(pages);`);
    expect(textOf(hidden("page_numbers").querySelector("style"))).not.toContain("counter(page)");

    const noRate = hidden("tax_rate_column");
    expect(texts(noRate, "table.lines thead th")).toEqual(["Beschreibung", "Menge", "Einzelpreis", "Betrag"]);
    expect(cellsOf(noRate.querySelector("table.lines tbody tr")!)).toEqual(["Beratung", "10", "120,00\u00a0€", "1.200,00\u00a0€"]);
    expect(all(noRate, "table.lines tfoot th[colspan='3']")).toHaveLength(5);
  });

  test("the logo is a data: URL with the seller's name as its alternative text", () => {
    const img = parse(toHtml(GERMAN, { ...builtInTemplate("classic"), logo: LOGO })).querySelector("img");
    expect(img?.getAttribute("src")).toBe(`data:image/png;base64,${Buffer.from(LOGO.bytes).toString("base64")}`);
    expect(img?.getAttribute("alt")).toBe("Zoë Müller Beratung GmbH");
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["2", "2"]);
  });

  test("reworded labels replace the language's wherever they print", () => {
    const reworded = template("classic", (options) => {
      options.labels = { billTo: "Kunde", description: "Leistung", total: "Summe brutto", iban: "Konto", deliveryDate: "Leistungszeitraum", taxBreakdown: "Steuern", taxId: "UID" };
    });
    const page = parse(toHtml(GERMAN, reworded));
    expect(texts(page, "section.party h2")).toEqual(["Absender", "Kunde"]);
    expect(texts(page, "table.lines thead th")[0]).toBe("Leistung");
    expect(textOf(page.querySelector("tfoot tr.strong th"))).toBe("Summe brutto");
    expect(texts(page, "dl.payment-facts dt")).toEqual(["Zahlungsbedingungen", "Konto", "BIC", "Verwendungszweck"]);
    expect(texts(page, "dl.dates dt")).toEqual(["Rechnungsdatum", "Fälligkeitsdatum", "Leistungszeitraum"]);
    expect(textOf(page.querySelector("table.tax caption"))).toBe("Steuern");
    expect(texts(page, ".tax-id")).toEqual(["UID: DE123456789", "UID: DE987654321"]);
  });

  test("paper, margins and fonts for print", () => {
    const letter = parse(toHtml(GERMAN, template("modern", (options) => Object.assign(options, { paper: "Letter", margins: { top: 10, right: 12, bottom: 14, left: 16 }, fonts: { body: "mono", heading: "serif" } }))));
    const css = textOf(letter.querySelector("style"));
    expect(css).toContain("@page { size: letter; margin: 10mm 12mm 14mm 16mm;");
    expect(css).toContain(`--body-font: "Noto Sans Mono", monospace; --heading-font: "Noto Serif", serif;`);
    expect(textOf(german.querySelector("style"))).toContain("@page { size: A4; margin: 20mm 20mm 20mm 20mm;");
    expect(textOf(german.querySelector("style"))).toContain(`--body-font: "Noto Serif", serif;`);
  });

  test("each base design brings its own style block", () => {
    for (const base of BASE_DESIGNS) {
      const page = parse(toHtml(GERMAN, builtInTemplate(base)));
      expect(page.body.getAttribute("class")).toBe(`design-${base}`);
      const css = textOf(page.querySelector("style"));
      expect(css).toContain(`.design-${base} .title {`);
      for (const other of BASE_DESIGNS.filter((name) => name !== base)) expect(css).not.toContain(`.design-${other} `);
    }
  });
});

describe("right-to-left", () => {
  const ARABIC = { ...GERMAN, locale: "ar-EG", from_name: "شركة المثال للتجارة", bill_to_name: "مؤسسة النور" };

  test("both parties' names in Arabic make the page right-to-left; Latin text in it is isolated", () => {
    const page = parse(toHtml(ARABIC, builtInTemplate("classic")));
    expect(page.documentElement.getAttribute("dir")).toBe("rtl");
    expect(page.documentElement.getAttribute("lang")).toBe("ar-EG");
    expect(texts(page, "table.lines tbody th bdi[dir=auto]")).toEqual(["Beratung", "Fachbuch", "Reisekosten"]);
    expect(texts(page, "section.party .party-name bdi")).toEqual([]);
    expect(texts(page, "section.party .line bdi[dir=auto]")).toContain("10115 Berlin");
  });

  test("an English page with Hebrew parties reads right-to-left, its numbers isolated left-to-right", () => {
    const page = parse(toHtml({ ...GERMAN, locale: "en", from_name: "חברה בע״מ", bill_to_name: "לקוח" }, builtInTemplate("classic")));
    expect(page.documentElement.getAttribute("dir")).toBe("rtl");
    expect(texts(page, "table.lines tfoot td span[dir=ltr]")).toContain("€1,552.00");
    expect(texts(page, ".tax-id .label bdi[dir=auto]")).toEqual(["VAT ID", "VAT ID"]);
  });

  test("one right-to-left name: the locale's script decides", () => {
    const one = { ...GERMAN, from_name: "شركة المثال" };
    expect(parse(toHtml({ ...one, locale: "ar" }, builtInTemplate("classic"))).documentElement.getAttribute("dir")).toBe("rtl");
    expect(parse(toHtml({ ...one, locale: "en" }, builtInTemplate("classic"))).documentElement.getAttribute("dir")).toBe("ltr");
  });

  test("an Arabic description on a left-to-right page carries dir=auto", () => {
    const mixed = priced({ ...GERMAN, items: [{ ...(GERMAN.items[0] as InvoiceRecord["items"][number]), description: "استشارات إدارية" }] });
    const page = parse(toHtml(mixed, builtInTemplate("classic")));
    expect(page.documentElement.getAttribute("dir")).toBe("ltr");
    expect(all(page, "table.lines tbody th bdi[dir=auto]").map((node) => textOf(node))).toEqual(["استشارات إدارية"]);
    expect(all(german, "bdi")).toHaveLength(0);
  });
});

describe("contrast", () => {
  test("WCAG ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#1f3a5f", "#1f3a5f")).toBe(1);
  });

  test("a readable colour stays; an unreadable one is mixed towards black or white just enough", () => {
    expect(ensureContrast("#ffffff", "#1f3a5f")).toBe("#1f3a5f");
    const darkened = ensureContrast("#ffffff", "#aaaaaa");
    expect(contrastRatio("#ffffff", darkened)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio("#ffffff", darkened)).toBeLessThan(5);
    expect(darkened).toMatch(/^#([0-9a-f]{2})\1\1$/);
    const lightened = ensureContrast("#14213d", "#5a6478");
    expect(contrastRatio("#14213d", lightened)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(() => ensureContrast("#ffffff", "red" as Rgb)).toThrow("#rrggbb");
  });

  test("a template's pale text and muted colours fall back to darker ones in the stylesheet", () => {
    const pale = parse(toHtml(GERMAN, template("modern", (options) => Object.assign(options.colors, { text: "#cccccc", muted: "#dddddd", accent: "#ffd000" }))));
    for (const name of ["ink", "muted", "accent-ink"]) {
      expect(contrastRatio(PAPER_COLOR, cssVariable(pale, name))).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(cssVariable(pale, "ink")).not.toBe("#cccccc");
    expect(cssVariable(pale, "accent")).toBe("#ffd000");
    expect(cssVariable(german, "ink")).toBe(BASE_DEFAULTS.classic.colors.text as Rgb);
  });

  test("every base design's text reaches AA on the surface it is printed on", () => {
    for (const base of BASE_DESIGNS) {
      const palette = paletteOf(BASE_DEFAULTS[base].colors);
      for (const color of [palette.ink, palette.muted, palette.accentInk]) expect(contrastRatio(PAPER_COLOR, color)).toBeGreaterThanOrEqual(AA_TEXT);
      for (const color of [palette.panelInk, palette.panelMuted, palette.panelAccentInk]) expect(contrastRatio(palette.panel, color)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(palette.accent, palette.onAccent)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(palette.zebra, palette.zebraInk)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(paletteOf(BASE_DEFAULTS.bold.colors).panelInk).toBe("#ffffff");
  });
});

describe("EPC QR code", () => {
  test("inline SVG with an accessible name, and it scans back to the EPC payload", () => {
    const svg = german.querySelector("section.payment svg");
    expect(svg?.getAttribute("role")).toBe("img");
    expect(svg?.getAttribute("aria-label")).toBe("Zahlungs-QR-Code (EPC): mit einer Banking-App scannen, um per SEPA-Überweisung zu bezahlen");
    const image = new Resvg(svg!.toString(), { fitTo: { mode: "width", value: 400 } }).render();
    const code = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height, { inversionAttempts: "dontInvert" });
    expect(code?.data).toBe(epcPayload(GERMAN) as string);
  });

  test("only on an invoice in euro with a valid IBAN", () => {
    const badIban = { ...GERMAN, payment: { ...(GERMAN.payment as NonNullable<InvoiceRecord["payment"]>), iban: "DE00120300000000202051" } };
    const noCode: InvoiceRecord[] = [JAPANESE, KUWAITI, HOSTILE, badIban, FRENCH_CREDIT_NOTE, { ...GERMAN, type: "quote" }];
    for (const record of noCode) expect(all(parse(toHtml(record, builtInTemplate("classic"))), "svg")).toHaveLength(0);
  });
});

// Chromium (Debian package chromium) prints the page as the lead's benchmark does; poppler counts pages.
const CHROMIUM = "chromium";
const hasPrinter = spawnSync(CHROMIUM, ["--version"]).error === undefined && spawnSync("pdfinfo", ["-v"]).error === undefined;
const skipPrinter = !hasPrinter && !process.env.CI;

describe.skipIf(skipPrinter)("printed by Chromium", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "html-print-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function pages(html: string, name: string): Promise<number> {
    const source = join(dir, `${name}.html`);
    const pdf = join(dir, `${name}.pdf`);
    writeFileSync(source, html);
    const chromium = Bun.spawn([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", `--user-data-dir=${join(dir, `profile-${name}`)}`, "--no-pdf-header-footer", `--print-to-pdf=${pdf}`, source], { stdout: "ignore", stderr: "ignore" });
    if ((await chromium.exited) !== 0) throw new Error(`chromium failed on ${name}`);
    const info = spawnSync("pdfinfo", [pdf], { encoding: "utf8" }).stdout;
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  }

  test("a 20-line invoice with every block fits one A4 page in every design", async () => {
    const items = Array.from({ length: 20 }, (_, index) => ({ ...(GERMAN.items[index % 3] as InvoiceRecord["items"][number]), id: `itm_${index}`, description: `Beratungsleistung Projektphase ${index + 1}` }));
    const record = priced({ ...GERMAN, items });
    const footer = "Zoë Müller Beratung GmbH · Geschäftsführerin Zoë Müller · Amtsgericht Berlin-Charlottenburg HRB 123456";
    const counts = await Promise.all(BASE_DESIGNS.map((base) => pages(toHtml(record, { ...template(base, (options) => (options.footer = footer)), logo: LOGO }), base)));
    expect(counts).toEqual([1, 1, 1, 1]);
  });
});
