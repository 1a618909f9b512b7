// Factur-X (EN 16931 profile, PDF/A-3b), read back by tools that did not write it: poppler
// (pdfdetach, pdfinfo, pdftotext, pdffonts; Debian poppler-utils) extracts the attachment, the XMP
// and the text; pdf-lib's parser shows the PDF/A structures; fast-xml-parser reads the XMP and the
// CII, which must pass both the CII D16B and the Factur-X EN 16931 XSD. Without poppler the tool
// tests fail in CI and are skipped elsewhere. No PDF/A validator (veraPDF) is available from Debian
// or npm here, so PDF/A conformance is checked structure by structure instead.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString } from "pdf-lib";
import { EN16931_GUIDELINE, toCii } from "../../../render/einvoice/cii.ts";
import { FACTURX_FILENAME, toFacturX } from "../../../render/einvoice/facturx.ts";
import { FACTURX_NAMESPACE, xmpDate } from "../../../render/einvoice/facturx-xmp.ts";
import { toEn16931, type En16931Invoice } from "../../../render/einvoice/model.ts";
import { checkBusinessRules } from "../../../render/einvoice/rules/index.ts";
import { srgbIccProfile } from "../../../render/einvoice/srgb-icc.ts";
import { paintPdf } from "../../../render/paint/pdf.ts";
import { AppError } from "../../../server/domain/errors.ts";
import { latinLayout, SAMPLE_CREATED_AT, sampleLayout } from "../paint/sample-layout.ts";
import { caseNamed, SELLER } from "./fixtures.ts";
import { readCii } from "./read-cii.ts";
import { summaryOf } from "./summary.ts";
import { SCHEMAS, skipXsd, validateXsd } from "./xsd.ts";

const TOOLS = ["pdfdetach", "pdfinfo", "pdftotext", "pdffonts"];
const hasPoppler = TOOLS.every((tool) => spawnSync(tool, ["-v"]).error === undefined);
const skipPoppler = !hasPoppler && !process.env.CI;

/** Milliseconds on purpose: PDF dates have whole seconds, and Info and XMP must agree on them. */
const CREATED_AT = new Date("2026-11-01T09:00:00.750Z");
const WHOLE_SECONDS = "2026-11-01T09:00:00Z";
const INVOICES = ["several VAT rates", "credit note", "JPY", "outside the scope", "non-ASCII", "line discounts: 10 %", "line discounts on a credit note"] as const;

type Written = { name: string; model: En16931Invoice; bytes: Uint8Array; path: string };

let dir = "";
let visual: Uint8Array = new Uint8Array();
let visualPath = "";
const written: Written[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "facturx-"));
  visual = await paintPdf(sampleLayout(), { createdAt: SAMPLE_CREATED_AT });
  visualPath = join(dir, "visual.pdf");
  writeFileSync(visualPath, visual);
  for (const [index, name] of INVOICES.entries()) {
    const model = toEn16931(caseNamed(name), SELLER);
    const bytes = await toFacturX(visual, model, { createdAt: CREATED_AT });
    const path = join(dir, `facturx-${index}.pdf`);
    writeFileSync(path, bytes);
    written.push({ name, model, bytes, path });
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(tool: string, args: string[]): string {
  if (!hasPoppler) throw new Error(`${tool} not found: install poppler-utils (apt-get install -y poppler-utils)`);
  return execFileSync(tool, args, { encoding: "utf8" });
}

function first(): Written {
  const [file] = written;
  if (!file) throw new Error("nothing written");
  return file;
}

/** The attachment as pdfdetach saves it. */
function detached(file: Written): string {
  const target = `${file.path}.xml`;
  run("pdfdetach", ["-save", "1", "-o", target, file.path]);
  return readFileSync(target, "utf8");
}

const xmpParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (name) => name === "rdf:Description" || name === "rdf:li" });

/** Every property of every rdf:Description, by its prefixed name. */
function xmpProperties(xmp: string): Node {
  const descriptions = xmpParser.parse(xmp)["x:xmpmeta"]["rdf:RDF"]["rdf:Description"] as Node[];
  return Object.assign({}, ...descriptions);
}

type Node = Record<string, unknown>;

/** The rdf:li items of an rdf:Alt, rdf:Bag or rdf:Seq property. */
function items(property: unknown, container: "rdf:Alt" | "rdf:Bag" | "rdf:Seq"): Array<Node | string> {
  return (((property as Node | undefined)?.[container] as Node | undefined)?.["rdf:li"] as Array<Node | string> | undefined) ?? [];
}

/** The text of a language alternative's only item. */
function alternativeText(property: unknown): unknown {
  const [item] = items(property, "rdf:Alt");
  return typeof item === "string" ? item : item?.["#text"];
}

/** D:YYYYMMDDHHmmSSZ, as pdf-lib writes Info dates, to the XMP form. */
function infoDateAsXmp(value: string): string {
  const match = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`unexpected PDF date ${value}`);
  const [, year, month, day, hour, minute, second] = match;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}Z`;
}

async function parsed(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

function dict(doc: PDFDocument, value: unknown): PDFDict {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (!(resolved instanceof PDFDict)) throw new Error("not a dictionary");
  return resolved;
}

function stream(doc: PDFDocument, value: unknown): PDFRawStream {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (!(resolved instanceof PDFRawStream)) throw new Error("not a stream");
  return resolved;
}

const text = (value: unknown): string => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : String(value));

function infoEntry(doc: PDFDocument, key: string): string {
  const info = dict(doc, doc.context.trailerInfo.Info);
  return text(info.get(PDFName.of(key)));
}

describe.skipIf(skipPoppler)("factur-x.xml, detached by poppler", () => {
  test("pdfdetach lists exactly one file, factur-x.xml", () => {
    for (const file of written) expect(run("pdfdetach", ["-list", file.path])).toBe(`1 embedded files\n1: ${FACTURX_FILENAME}\n`);
  });

  for (const name of INVOICES) {
    test(`${name}: the saved file is the model's CII, reading back as the model`, () => {
      const file = written.find((entry) => entry.name === name);
      if (!file) throw new Error(`no file for ${name}`);
      const xml = detached(file);
      expect(xml).toBe(toCii(file.model, { guideline: EN16931_GUIDELINE }));
      expect(readCii(xml)).toEqual(summaryOf(file.model));
      expect(checkBusinessRules(file.model)).toEqual([]);
    });

    test.skipIf(skipXsd)(`${name}: the saved file passes the CII D16B and Factur-X EN 16931 XSDs`, () => {
      const file = written.find((entry) => entry.name === name);
      if (!file) throw new Error(`no file for ${name}`);
      const xml = detached(file);
      expect(validateXsd(xml, SCHEMAS.cii)).toEqual({ valid: true, errors: "- validates\n" });
      expect(validateXsd(xml, SCHEMAS.facturX)).toEqual({ valid: true, errors: "- validates\n" });
    });
  }
});

describe.skipIf(skipPoppler)("XMP metadata, read by pdfinfo -meta", () => {
  test("PDF/A-3b identification and the Factur-X properties, declared by an extension schema", () => {
    const properties = xmpProperties(run("pdfinfo", ["-meta", first().path]));
    expect([properties["pdfaid:part"], properties["pdfaid:conformance"]]).toEqual(["3", "B"]);
    expect(properties["@xmlns:fx"]).toBe(FACTURX_NAMESPACE);
    expect([properties["fx:DocumentType"], properties["fx:DocumentFileName"], properties["fx:Version"], properties["fx:ConformanceLevel"]]).toEqual([
      "INVOICE",
      "factur-x.xml",
      "1.0",
      "EN 16931",
    ]);
    const [schema] = items(properties["pdfaExtension:schemas"], "rdf:Bag") as Node[];
    expect([schema?.["@rdf:parseType"], schema?.["pdfaSchema:namespaceURI"], schema?.["pdfaSchema:prefix"]]).toEqual(["Resource", FACTURX_NAMESPACE, "fx"]);
    const declared = items(schema?.["pdfaSchema:property"], "rdf:Seq") as Node[];
    expect(declared.map((property) => [property["pdfaProperty:name"], property["pdfaProperty:valueType"], property["pdfaProperty:category"]])).toEqual([
      ["DocumentFileName", "Text", "external"],
      ["DocumentType", "Text", "external"],
      ["Version", "Text", "external"],
      ["ConformanceLevel", "Text", "external"],
    ]);
    expect(declared.every((property) => typeof property["pdfaProperty:description"] === "string")).toBe(true);
  });

  test("Info and XMP agree: title, creator tool, producer, creation and modification dates", async () => {
    const file = first();
    const doc = await parsed(file.bytes);
    const properties = xmpProperties(run("pdfinfo", ["-meta", file.path]));
    expect(alternativeText(properties["dc:title"])).toBe(infoEntry(doc, "Title"));
    expect(infoEntry(doc, "Title")).toBe("Rechnung RE-2026-0042");
    expect(properties["xmp:CreatorTool"]).toBe(infoEntry(doc, "Creator"));
    expect(properties["pdf:Producer"]).toBe(infoEntry(doc, "Producer"));
    expect(properties["xmp:CreateDate"]).toBe(infoDateAsXmp(infoEntry(doc, "CreationDate")));
    expect(properties["xmp:ModifyDate"]).toBe(infoDateAsXmp(infoEntry(doc, "ModDate")));
    // The painter's creation date stays; the conversion is the modification, at whole seconds.
    expect(properties["xmp:CreateDate"]).toBe(xmpDate(SAMPLE_CREATED_AT));
    expect([properties["xmp:ModifyDate"], properties["xmp:MetadataDate"]]).toEqual([WHOLE_SECONDS, WHOLE_SECONDS]);
  });

  test("a PDF without a title gets the invoice number as title, in Info and XMP alike", async () => {
    const untitled = await paintPdf({ ...latinLayout(), title: "" }, { createdAt: SAMPLE_CREATED_AT });
    const model = toEn16931(caseNamed("zero-rated"), SELLER);
    const path = join(dir, "untitled.pdf");
    writeFileSync(path, await toFacturX(untitled, model, { createdAt: CREATED_AT }));
    const properties = xmpProperties(run("pdfinfo", ["-meta", path]));
    expect(alternativeText(properties["dc:title"])).toBe(model.number);
    expect(run("pdfinfo", [path])).toContain(`Title:           ${model.number}\n`);
  });

  test("author, subject and keywords the PDF carries are mirrored; markup is escaped, control codes dropped from both", async () => {
    const source = await parsed(await paintPdf({ ...latinLayout(), title: 'R&D <Rechnung> "1"\u0007' }, { createdAt: SAMPLE_CREATED_AT }));
    source.setAuthor("Zoë Müller Beratung GmbH");
    source.setSubject("Rechnung für Beispiel AG");
    source.setKeywords(["Rechnung", "Factur-X"]);
    const path = join(dir, "described.pdf");
    const model = toEn16931(caseNamed("zero-rated"), SELLER);
    writeFileSync(path, await toFacturX(await source.save(), model, { createdAt: CREATED_AT }));
    const doc = await parsed(readFileSync(path));
    const properties = xmpProperties(run("pdfinfo", ["-meta", path]));
    expect(alternativeText(properties["dc:title"])).toBe('R&D <Rechnung> "1"');
    expect(infoEntry(doc, "Title")).toBe('R&D <Rechnung> "1"');
    expect(items(properties["dc:creator"], "rdf:Seq")).toEqual([infoEntry(doc, "Author")]);
    expect(alternativeText(properties["dc:description"])).toBe(infoEntry(doc, "Subject"));
    expect([properties["pdf:Keywords"], infoEntry(doc, "Keywords")]).toEqual(["Rechnung Factur-X", "Rechnung Factur-X"]);
  });
});

describe.skipIf(skipPoppler)("the visible invoice, unchanged for poppler", () => {
  test("pdftotext extracts the same text as from the painter's PDF", () => {
    const text = run("pdftotext", [first().path, "-"]);
    expect(text).toBe(run("pdftotext", [visualPath, "-"]));
    expect(text).toContain("Rechnung RE-2026-0042");
  });

  test("pdfinfo: two pages, no JavaScript, not encrypted; pdffonts: every font embedded", () => {
    const info = run("pdfinfo", [first().path]);
    expect(info).toContain("Pages:           2\n");
    expect(info).toContain("JavaScript:      no\n");
    expect(info).toContain("Encrypted:       no\n");
    expect(info).toContain("Metadata Stream: yes\n");
    const fonts = run("pdffonts", [first().path]).trim().split("\n").slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) expect(row.split(/\s+/).slice(-5, -2)).toEqual(["yes", "yes", "yes"]); // emb, sub, uni
  });
});

describe("PDF/A-3 structures, read back by pdf-lib", () => {
  test("the header marks a binary file, the trailer has a two-part ID and no Encrypt", async () => {
    const { bytes } = first();
    expect(new TextDecoder("latin1").decode(bytes.subarray(0, 10))).toBe("%PDF-1.7\n%");
    expect([...bytes.subarray(10, 14)].every((byte) => byte > 127)).toBe(true);
    const doc = await parsed(bytes);
    expect(doc.context.trailerInfo.Encrypt).toBeUndefined();
    const id = doc.context.trailerInfo.ID;
    if (!(id instanceof PDFArray)) throw new Error("no trailer ID");
    expect(id.asArray().map((part) => (part as PDFHexString).asBytes().length)).toEqual([16, 16]);
  });

  test("/OutputIntents: GTS_PDFA1 with the sRGB profile as an ICC stream of 3 components", async () => {
    const doc = await parsed(first().bytes);
    const intents = doc.catalog.lookup(PDFName.of("OutputIntents"), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = dict(doc, intents.get(0));
    expect(intent.get(PDFName.of("Type"))).toBe(PDFName.of("OutputIntent"));
    expect(intent.get(PDFName.of("S"))).toBe(PDFName.of("GTS_PDFA1"));
    expect(text(intent.get(PDFName.of("OutputConditionIdentifier")))).toBe("sRGB IEC61966-2.1");
    const profile = stream(doc, intent.get(PDFName.of("DestOutputProfile")));
    expect(profile.dict.get(PDFName.of("N"))?.toString()).toBe("3");
    expect(decodePDFRawStream(profile).decode()).toEqual(srgbIccProfile());
  });

  test("the catalog's /AF and /Names /EmbeddedFiles both hold the one filespec, Alternative to the PDF", async () => {
    const file = first();
    const doc = await parsed(file.bytes);
    const associated = doc.catalog.lookup(PDFName.of("AF"), PDFArray);
    const names = dict(doc, dict(doc, doc.catalog.get(PDFName.of("Names"))).get(PDFName.of("EmbeddedFiles"))).lookup(PDFName.of("Names"), PDFArray);
    expect(associated.size()).toBe(1);
    expect(names.size()).toBe(2);
    expect(text(names.get(0))).toBe(FACTURX_FILENAME);
    expect(names.get(1)).toBe(associated.get(0));
    const filespec = dict(doc, associated.get(0));
    expect(filespec.get(PDFName.of("Type"))).toBe(PDFName.of("Filespec"));
    expect(filespec.get(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));
    expect([text(filespec.get(PDFName.of("F"))), text(filespec.get(PDFName.of("UF")))]).toEqual([FACTURX_FILENAME, FACTURX_FILENAME]);
    expect(text(filespec.get(PDFName.of("Desc")))).toContain(file.model.number);

    const embedded = stream(doc, dict(doc, filespec.get(PDFName.of("EF"))).get(PDFName.of("F")));
    expect(embedded.dict.get(PDFName.of("Type"))).toBe(PDFName.of("EmbeddedFile"));
    expect(embedded.dict.get(PDFName.of("Subtype"))?.toString()).toBe("/text#2Fxml");
    const xml = decodePDFRawStream(embedded).decode();
    expect(new TextDecoder().decode(xml)).toBe(toCii(file.model, { guideline: EN16931_GUIDELINE }));
    const params = dict(doc, embedded.dict.get(PDFName.of("Params")));
    expect(params.get(PDFName.of("Size"))?.toString()).toBe(String(xml.length));
    expect(infoDateAsXmp(text(params.get(PDFName.of("ModDate"))))).toBe(WHOLE_SECONDS);
  });

  test("/Metadata is an unfiltered XML metadata stream holding the XMP packet", async () => {
    const doc = await parsed(first().bytes);
    const metadata = stream(doc, doc.catalog.get(PDFName.of("Metadata")));
    expect(metadata.dict.get(PDFName.of("Type"))).toBe(PDFName.of("Metadata"));
    expect(metadata.dict.get(PDFName.of("Subtype"))).toBe(PDFName.of("XML"));
    expect(metadata.dict.get(PDFName.of("Filter"))).toBeUndefined();
    const packet = new TextDecoder().decode(metadata.getContents());
    expect(packet).toStartWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>');
    expect(packet).toEndWith('<?xpacket end="w"?>');
    expect(packet).not.toMatch(/<\?xpacket[^>]*(bytes|encoding)=/);
  });

  test("no actions or JavaScript anywhere in the catalog", async () => {
    const doc = await parsed(first().bytes);
    for (const key of ["OpenAction", "AA", "AcroForm"]) expect(doc.catalog.get(PDFName.of(key))).toBeUndefined();
    expect(dict(doc, doc.catalog.get(PDFName.of("Names"))).get(PDFName.of("JavaScript"))).toBeUndefined();
  });
});

describe("toFacturX", () => {
  test("the same PDF, invoice and date give the same bytes; another date another file ID", async () => {
    const { model, bytes } = first();
    expect(await toFacturX(visual, model, { createdAt: CREATED_AT })).toEqual(bytes);
    const later = await parsed(await toFacturX(visual, model, { createdAt: new Date("2026-11-02T09:00:00Z") }));
    const ids = [(await parsed(bytes)).context.trailerInfo.ID, later.context.trailerInfo.ID].map((id) => id?.toString());
    expect(ids[0]).not.toBe(ids[1]);
  });

  test("a model that breaks a business rule is refused with 422 naming the rule, before any PDF work", async () => {
    const broken: En16931Invoice = { ...first().model, totals: { ...first().model.totals, taxInclusive: "1.00" } };
    const refusal = await toFacturX(new Uint8Array(), broken, { createdAt: CREATED_AT }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(422);
    expect((refusal as AppError).details).toMatchObject({ rule: "BR-CO-15", business_term: "BT-112" });
  });
});
