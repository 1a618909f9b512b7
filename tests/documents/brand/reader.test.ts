// Brand extraction's reading in a worker of its own (server/documents/brand/reader.ts): the same
// facts as reading on the request thread, a budget refusal crossing back as the same 422, and a
// reading past the wall-time budget refused naming brandPage.wallMs, its worker stopped.
import { afterEach, expect, test } from "bun:test";
import { readPage } from "../../../server/documents/brand/page.ts";
import { openBrandReader, type BrandReader } from "../../../server/documents/brand/reader.ts";
import { EMPTY_MANIFEST } from "../../../server/documents/brand/manifest.ts";
import { AppError } from "../../../server/domain/errors.ts";
import { nestedHtml } from "../../../scripts/redteam/hostile-documents.ts";

const PAGE_URL = "https://www.acme.test/";
const PAGE = `<title>Acme</title><meta name="theme-color" content="#0b5fff"><style>@import "more.css"; body { color: #111111 }</style><link rel="icon" href="/i.png">`;

let reader: BrandReader | undefined;
afterEach(() => reader?.close());

test("the page, the @imports and the brand, read in the worker as on the request thread", async () => {
  reader = openBrandReader(PAGE_URL);
  const facts = await reader.page(PAGE, PAGE_URL);
  expect(facts).toEqual(readPage(PAGE, PAGE_URL));
  expect(await reader.imports([...facts.inlineStyles, "a { color: red }"])).toEqual([["more.css"], []]);
  const brand = await reader.brand({ pageUrl: PAGE_URL, page: facts, stylesheets: facts.inlineStyles, manifest: EMPTY_MANIFEST });
  expect(brand).toMatchObject({ name: "Acme", colors: { primary: "#0b5fff", text: "#111111" } });
});

test("a page over the HTML budget: the worker's refusal is the same 422 on this side", async () => {
  reader = openBrandReader(PAGE_URL);
  const error = await reader.page(new TextDecoder().decode(nestedHtml(100_000)), PAGE_URL).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "html.depth" } });
});

test("a reading with no wall time left is refused naming brandPage.wallMs and the URL, and the reader reads no more", async () => {
  reader = openBrandReader(PAGE_URL, 0);
  const error = await reader.page(PAGE, PAGE_URL).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "brandPage.wallMs", max: 10_000 } });
  expect((error as AppError).message).toContain(PAGE_URL);
  expect(await reader.imports([]).catch((caught: unknown) => caught)).toBeInstanceOf(AppError);
});
