// A brand from what was fetched of a site (server/documents/brand/brand.ts): the evidence each
// source gives, end to end through the pure modules.
import { expect, test } from "bun:test";
import { brandOf } from "../../../server/documents/brand/brand.ts";
import { readStylesheet } from "../../../server/documents/brand/css.ts";
import { EMPTY_MANIFEST, type SiteManifest } from "../../../server/documents/brand/manifest.ts";
import { readPage } from "../../../server/documents/brand/page.ts";

const PAGE_URL = "https://www.acme.test/";

function brandOfSite(html: string, css: string[] = [], manifest: SiteManifest = EMPTY_MANIFEST) {
  const page = readPage(html, PAGE_URL);
  return brandOf({ pageUrl: PAGE_URL, page, stylesheets: [...page.inlineStyles, ...css].map(readStylesheet), manifest });
}

test("shadcn/ui-style variables (bare HSL parts used through hsl(var(--x)))", () => {
  const brand = brandOfSite("<title>Acme</title>", [
    `:root { --background: 0 0% 100%; --foreground: 222.2 84% 4.9%; --primary: 221.2 83.2% 53.3%; --primary-foreground: 210 40% 98%; --accent: 24 95% 53% }
     body { background-color: hsl(var(--background)); color: hsl(var(--foreground)); }
     .btn { background: hsl(var(--primary)); color: hsl(var(--primary-foreground)); }`,
  ]);
  expect(brand.colors).toMatchObject({ primary: "#2563eb", background: "#ffffff", text: "#020817", accent: "#f97015" });
  expect(brand.colors.entries.find((entry) => entry.color === "#2563eb")!.sources).toEqual(["css-variable", "stylesheet"]);
});

test("a shadcn/Tailwind site's dark theme does not replace its colours", () => {
  const brand = brandOfSite("<title>Acme</title>", [
    `:root { --background: #ffffff; --foreground: #0f172a; --primary: #2563eb }
     .dark { --background: #020617; --foreground: #f8fafc; --primary: #60a5fa }
     body { background: var(--background); color: var(--foreground) } .btn { background: var(--primary) }`,
  ]);
  expect(brand.colors).toMatchObject({ primary: "#2563eb", background: "#ffffff", text: "#0f172a" });
  expect(brand.colors.entries.map((entry) => entry.color)).not.toContain("#020617");
});

test("a white theme-color is no primary; the manifest's theme colour is", () => {
  const brand = brandOfSite(`<meta name="theme-color" content="#ffffff">`, [], { ...EMPTY_MANIFEST, themeColor: "#7c3aed", backgroundColor: "#fafafa" });
  expect(brand.colors).toMatchObject({ primary: "#7c3aed", background: "#fafafa" });
  expect(brand.colors.entries.find((entry) => entry.color === "#ffffff")).toMatchObject({ role: null, sources: ["theme-color"] });
});

test("fonts: font shorthand, @font-face, @import of a font service, variables in stacks", () => {
  const brand = brandOfSite("", [
    `@import url("https://fonts.googleapis.com/css2?family=Fraunces");
     @font-face { font-family: "Acme Sans"; src: url(acme.woff2) }
     :root { --font-body: "Acme Sans", sans-serif }
     html { font-family: var(--font-body) }
     h1, .title { font: 700 2rem/1.1 Fraunces, serif }`,
  ]);
  expect(brand.fonts).toMatchObject({ body: "Acme Sans", heading: "Fraunces" });
  expect(brand.fonts.families).toEqual(
    expect.arrayContaining([
      { family: "Fraunces", template_font: "serif", sources: ["font-link", "stylesheet"] },
      { family: "Acme Sans", template_font: "sans", sources: ["font-face", "stylesheet"] },
    ]),
  );
});

test("the name: manifest, then og:site_name, then the title's first part, then the host", () => {
  expect(brandOfSite("<title>Acme — Invoices</title>", [], { ...EMPTY_MANIFEST, name: "Acme App" }).name).toBe("Acme App");
  expect(brandOfSite(`<title>Home | Acme</title><meta property="og:site_name" content="Acme Corp">`).name).toBe("Acme Corp");
  expect(brandOfSite("<title>Acme: the invoicing company</title>").name).toBe("Acme");
  expect(brandOfSite("").name).toBe("acme.test");
});
