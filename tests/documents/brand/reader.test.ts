// Brand extraction's reading in the brand pool's workers (server/documents/brand/reader.ts): the same
// facts as reading on the request thread, a budget refusal crossing back as the same 422, a reading
// past the wall-time budget refused naming brandPage.wallMs, callers served in turn, and a caller
// going away stopping its reading while the pool goes on serving.
import { afterAll, expect, test } from "bun:test";
import { readPage } from "../../../server/documents/brand/page.ts";
import { createBrandPool, openBrandReader } from "../../../server/documents/brand/reader.ts";
import { EMPTY_MANIFEST } from "../../../server/documents/brand/manifest.ts";
import { AppError } from "../../../server/domain/errors.ts";
import { nestedHtml } from "../../../scripts/redteam/hostile-documents.ts";

const PAGE_URL = "https://www.acme.test/";
const PAGE = `<title>Acme</title><meta name="theme-color" content="#0b5fff"><style>@import "more.css"; body { color: #111111 }</style><link rel="icon" href="/i.png">`;

// One worker: the order readings are served in is the pool's turn order, whatever each takes.
const pool = createBrandPool(1);
afterAll(() => pool.close());

test("the page, the @imports and the brand, read in the worker as on the request thread", async () => {
  const reader = openBrandReader(pool, PAGE_URL, { owner: "acc_one" });
  const facts = await reader.page(PAGE, PAGE_URL);
  expect(facts).toEqual(readPage(PAGE, PAGE_URL));
  expect(await reader.imports([...facts.inlineStyles, "a { color: red }"])).toEqual([["more.css"], []]);
  const brand = await reader.brand({ pageUrl: PAGE_URL, page: facts, stylesheets: facts.inlineStyles, manifest: EMPTY_MANIFEST });
  expect(brand).toMatchObject({ name: "Acme", colors: { primary: "#0b5fff", text: "#111111" } });
});

test("a page over the HTML budget: the worker's refusal is the same 422 on this side", async () => {
  const reader = openBrandReader(pool, PAGE_URL, { owner: "acc_one" });
  const error = await reader.page(new TextDecoder().decode(nestedHtml(100_000)), PAGE_URL).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "html.depth" } });
});

test("a reading with no wall time left is refused naming brandPage.wallMs and the URL, and the reader reads no more", async () => {
  const reader = openBrandReader(pool, PAGE_URL, { owner: "acc_one", wallMs: 0 });
  const error = await reader.page(PAGE, PAGE_URL).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "brandPage.wallMs", max: 10_000 } });
  expect((error as AppError).message).toContain(PAGE_URL);
  expect(await reader.imports([]).catch((caught: unknown) => caught)).toBeInstanceOf(AppError);
});

test("callers take turns: a second caller's reading is served before the first caller's third", async () => {
  const first = openBrandReader(pool, PAGE_URL, { owner: "acc_first" });
  const second = openBrandReader(pool, PAGE_URL, { owner: "acc_second" });
  const served: string[] = [];
  const read = (reader: typeof first, name: string) => reader.page(PAGE, PAGE_URL).then(() => served.push(name));
  await Promise.all([read(first, "first 1"), read(first, "first 2"), read(first, "first 3"), read(second, "second 1")]);
  expect(served).toEqual(["first 1", "first 2", "second 1", "first 3"]);
});

test("the caller going away stops its reading with its worker; the pool serves the next reading", async () => {
  const caller = new AbortController();
  const reader = openBrandReader(pool, PAGE_URL, { owner: "acc_one", signal: caller.signal });
  const reading = reader.page(PAGE, PAGE_URL).catch((caught: unknown) => caught);
  caller.abort();
  expect(await reading).toMatchObject({ code: "CANCELLED" });
  expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  expect(await openBrandReader(pool, PAGE_URL, { owner: "acc_two" }).page(PAGE, PAGE_URL)).toEqual(readPage(PAGE, PAGE_URL));
});
