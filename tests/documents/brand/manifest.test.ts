// The web app manifest and URLs as brand extraction takes them (manifest.ts, urls.ts).
import { describe, expect, test } from "bun:test";
import { EMPTY_MANIFEST, largestSize, readManifest } from "../../../server/documents/brand/manifest.ts";
import { normalizedSiteUrl, resolvedUrl } from "../../../server/documents/brand/urls.ts";

const MANIFEST_URL = "https://acme.test/static/site.webmanifest";

describe("readManifest", () => {
  test("name, colours, and icons resolved against the manifest's URL, monochrome ones left out", () => {
    const manifest = readManifest(
      JSON.stringify({
        short_name: "Acme",
        theme_color: "rgb(11, 95, 255)",
        background_color: "#FFF",
        icons: [{ src: "icons/192.png", sizes: "192x192", type: "image/png" }, { src: "/icons/mask.svg", sizes: "any", purpose: "monochrome" }, { src: "javascript:x" }, { sizes: "48x48" }, "nonsense"],
      }),
      MANIFEST_URL,
    );
    expect(manifest).toEqual({ name: "Acme", themeColor: "#0b5fff", backgroundColor: "#ffffff", icons: [{ url: "https://acme.test/static/icons/192.png", type: "image/png", size: 192 }] });
  });

  test("name before short_name; malformed JSON or a non-object is an empty manifest; a bad colour is none", () => {
    expect(readManifest(`{"name":"Acme Inc","short_name":"Acme","theme_color":"banana"}`, MANIFEST_URL)).toMatchObject({ name: "Acme Inc", themeColor: null });
    expect(readManifest("{", MANIFEST_URL)).toEqual(EMPTY_MANIFEST);
    expect(readManifest("[1]", MANIFEST_URL)).toEqual({ ...EMPTY_MANIFEST });
    expect(readManifest("null", MANIFEST_URL)).toEqual(EMPTY_MANIFEST);
  });
});

test("largestSize reads the long side of the largest size", () => {
  expect(largestSize("16x16 32x32 48X96")).toBe(96);
  expect(largestSize("any")).toBeNull();
  expect(largestSize(null)).toBeNull();
});

describe("normalizedSiteUrl", () => {
  test.each([
    ["https://Example.COM", "https://example.com/"],
    // The query goes with the fragment: a site's brand does not depend on it, and the cache's key must not either.
    ["HTTP://example.com:80/a?b=1#top", "http://example.com/a"],
    ["https://example.com/?utm_source=x&a=1", "https://example.com/"],
    ["https://example.com:443/", "https://example.com/"],
    ["  example.com/pricing ", "https://example.com/pricing"],
    ["shop.example.co.uk:8443", "https://shop.example.co.uk:8443/"],
  ])("%s → %s", (text, normalized) => {
    expect(normalizedSiteUrl(text)).toBe(normalized);
  });

  test.each(["ftp://example.com/", "javascript:alert(1)", "mailto:a@example.com", "localhost", "127.0.0.1", "", "not a url"])("%s is not a site URL", (text) => {
    expect(normalizedSiteUrl(text)).toBeNull();
  });
});

test("resolvedUrl: relative, protocol-relative and data: references; other schemes none; fragments gone", () => {
  expect(resolvedUrl("../a.png#x", "https://acme.test/b/c/")).toBe("https://acme.test/b/a.png");
  expect(resolvedUrl("//cdn.acme.test/a.css", "https://acme.test/")).toBe("https://cdn.acme.test/a.css");
  expect(resolvedUrl("data:image/png;base64,AA==", "https://acme.test/")).toBe("data:image/png;base64,AA==");
  expect(resolvedUrl("javascript:alert(1)", "https://acme.test/")).toBeNull();
  expect(resolvedUrl("  ", "https://acme.test/")).toBeNull();
});
