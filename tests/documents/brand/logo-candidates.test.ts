// Which images to try as the logo, in order (server/documents/brand/logo-candidates.ts).
import { expect, test } from "bun:test";
import { manifestCandidates, rankLogoCandidates } from "../../../server/documents/brand/logo-candidates.ts";
import type { LogoCandidate } from "../../../server/documents/brand/page.ts";

const candidate = (source: LogoCandidate["source"], url: string | null, extra: Partial<LogoCandidate> = {}): LogoCandidate => ({
  source,
  url,
  markup: null,
  type: null,
  size: null,
  inHeader: false,
  ...extra,
});

test("vectors first in the page's order of statements; rasters by source, then declared size; og:image last; ICO and repeats left out", () => {
  const ranked = rankLogoCandidates([
    candidate("og-image", "https://a.test/card.jpg"),
    candidate("icon", "https://a.test/favicon.ico"),
    candidate("icon", "https://a.test/icon.png", { type: "image/x-icon" }),
    candidate("icon", "https://a.test/icon.svg", { type: "image/svg+xml" }),
    candidate("apple-touch-icon", "https://a.test/touch.png", { size: 180 }),
    ...manifestCandidates([
      { url: "https://a.test/192.png", type: "image/png", size: 192 },
      { url: "https://a.test/512.png", type: "image/png", size: 512 },
      { url: "https://a.test/touch.png", type: "image/png", size: 180 },
    ]),
    candidate("logo-image", "https://a.test/footer-logo.png"),
    candidate("logo-image", "https://a.test/logo.png", { inHeader: true }),
    candidate("inline-svg", null, { markup: "<svg/>", type: "image/svg+xml", inHeader: true }),
    candidate("logo-image", "data:image/svg+xml,%3Csvg/%3E"),
  ]);
  expect(ranked.vectors.map((logo) => logo.url ?? logo.markup)).toEqual(["<svg/>", "data:image/svg+xml,%3Csvg/%3E", "https://a.test/icon.svg"]);
  expect(ranked.rasters.map((logo) => logo.url)).toEqual(["https://a.test/logo.png", "https://a.test/footer-logo.png", "https://a.test/touch.png", "https://a.test/512.png", "https://a.test/192.png"]);
  expect(ranked.lastResort.map((logo) => logo.url)).toEqual(["https://a.test/card.jpg"]);
});

test("nothing offered, nothing to try", () => {
  expect(rankLogoCandidates([])).toEqual({ vectors: [], rasters: [], lastResort: [] });
});
