// Logo uploads: PNG and JPEG kept byte for byte when their real bytes agree with the declared type
// (and then drawn by pdf-lib and resvg, the two painters that embed them), SVG sanitized and drawn
// to a PNG whose pixels are checked, hostile SVGs cleaned (the hostile part proven gone from the
// markup) or refused, and every bad upload a 422 naming the logo and a reason.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { Resvg } from "@resvg/resvg-js";
import { decode } from "fast-png";
import { PDFDocument } from "pdf-lib";
import { acceptLogo, LOGO_MAX_BYTES, type AcceptedLogo } from "../../render/logo.ts";
import { MAX_PAINT_COST, paintCost } from "../../render/logo/svg-cost.ts";
import { sanitizeSvg } from "../../render/logo/svg-sanitize.ts";
import { AppError } from "../../server/domain/errors.ts";
import { dataUrl, greyPng, halfRedPng, jpegFixture, SQUARE_AND_CIRCLE, SVG_OPEN, svgDataUrl } from "./logo-fixtures/fixtures.ts";

async function refusal(upload: string): Promise<{ status: number; reason: unknown; message: string }> {
  const error = await acceptLogo(upload).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  expect(error.code).toBe("VALIDATION_ERROR");
  expect(error.details?.field).toBe("logo");
  return { status: error.status, reason: error.details?.reason, message: error.message };
}

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Both painters draw it: pdf-lib embeds it, resvg paints it with some opaque pixel. */
async function drawnByPainters(logo: AcceptedLogo): Promise<void> {
  const doc = await PDFDocument.create();
  const image = logo.format === "png" ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  expect([image.width, image.height]).toEqual([logo.width, logo.height]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${logo.width}" height="${logo.height}"><image width="${logo.width}" height="${logo.height}" href="${dataUrl(logo.content_type, logo.bytes)}"/></svg>`;
  const pixels = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
  expect(pixels.some((value, index) => index % 4 === 3 && value === 255)).toBe(true);
}

function rgbaAt(png: Uint8Array, x: number, y: number): number[] {
  const image = decode(png);
  const offset = (y * image.width + x) * image.channels;
  return Array.from(image.data.subarray(offset, offset + image.channels));
}

describe("PNG and JPEG are kept as given", () => {
  test("an RGBA PNG: same bytes, size from IHDR, digest, content type", async () => {
    const png = halfRedPng(40, 20);
    const logo = await acceptLogo(dataUrl("image/png", png));
    expect(logo).toEqual({ format: "png", bytes: png, width: 40, height: 20, size: png.length, sha256: sha256(png), content_type: "image/png" });
    await drawnByPainters(logo);
  });

  test("16-bit and greyscale PNGs are drawn by both painters", async () => {
    for (const png of [halfRedPng(8, 8, 16), greyPng(5, 3)]) await drawnByPainters(await acceptLogo(dataUrl("image/png", png)));
  });

  test("baseline, progressive and greyscale JPEGs: same bytes, size from the SOF marker", async () => {
    for (const name of ["baseline-rgb", "progressive-rgb", "gray"] as const) {
      const jpeg = jpegFixture(name);
      const logo = await acceptLogo(dataUrl("image/jpeg", jpeg));
      expect(logo).toEqual({ format: "jpeg", bytes: jpeg, width: 24, height: 16, size: jpeg.length, sha256: sha256(jpeg), content_type: "image/jpeg" });
      await drawnByPainters(logo);
    }
  });

  test("image/jpg is taken as JPEG, and base64 may be wrapped over lines", async () => {
    const base64 = Buffer.from(jpegFixture("baseline-rgb")).toString("base64");
    const wrapped = base64.replace(/(.{76})/g, "$1\r\n");
    expect((await acceptLogo(`data:image/jpg;base64,${wrapped}`)).format).toBe("jpeg");
  });
});

describe("raster uploads that are refused", () => {
  test("the declared type must match the bytes", async () => {
    expect(await refusal(dataUrl("image/png", jpegFixture("baseline-rgb")))).toMatchObject({ status: 422, reason: "type_mismatch" });
    expect(await refusal(dataUrl("image/jpeg", halfRedPng(4, 4)))).toMatchObject({ status: 422, reason: "type_mismatch" });
    expect(await refusal(dataUrl("image/png", new TextEncoder().encode("<svg/>")))).toMatchObject({ reason: "type_mismatch" });
  });

  test("more than 4096 pixels on a side", async () => {
    expect(await refusal(dataUrl("image/png", greyPng(4097, 1)))).toMatchObject({ status: 422, reason: "dimensions_too_large" });
    const jpeg = jpegFixture("baseline-rgb");
    const sof = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    const wide = jpeg.slice();
    new DataView(wide.buffer).setUint16(sof + 7, 5000);
    expect(await refusal(dataUrl("image/jpeg", wide))).toMatchObject({ reason: "dimensions_too_large" });
  });

  test("CMYK, arithmetic-coded and 12-bit JPEGs, which a painter cannot draw", async () => {
    expect(await refusal(dataUrl("image/jpeg", jpegFixture("cmyk")))).toMatchObject({ status: 422, reason: "unsupported_jpeg" });
    expect(await refusal(dataUrl("image/jpeg", jpegFixture("arithmetic")))).toMatchObject({ reason: "unsupported_jpeg" });
    const jpeg = jpegFixture("baseline-rgb");
    const sof = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    const twelveBit = jpeg.slice();
    twelveBit[sof + 4] = 12;
    expect(await refusal(dataUrl("image/jpeg", twelveBit))).toMatchObject({ reason: "unsupported_jpeg" });
  });

  test("corrupt files: a cut-off PNG or JPEG, a bad chunk checksum, data after IEND", async () => {
    const png = halfRedPng(16, 16);
    const flipped = png.slice();
    flipped[png.length - 20] = (flipped[png.length - 20] ?? 0) ^ 0xff;
    const jpeg = jpegFixture("progressive-rgb");
    for (const bytes of [png.subarray(0, png.length - 30), flipped, new Uint8Array([...png, 0, 0, 0, 0])]) {
      expect(await refusal(dataUrl("image/png", bytes))).toMatchObject({ status: 422, reason: "corrupt_image" });
    }
    expect(await refusal(dataUrl("image/jpeg", jpeg.subarray(0, jpeg.length - 40)))).toMatchObject({ reason: "corrupt_image" });
  });
});

describe("the data: URL", () => {
  test("not a data: URL, an unsupported type, untyped data", async () => {
    expect(await refusal("https://example.com/logo.png")).toMatchObject({ status: 422, reason: "not_data_url" });
    expect(await refusal(dataUrl("image/gif", new TextEncoder().encode("GIF89a")))).toMatchObject({ reason: "unsupported_type" });
    expect(await refusal("data:;base64,AAAA")).toMatchObject({ reason: "unsupported_type" });
  });

  test("corrupt base64", async () => {
    expect(await refusal("data:image/png;base64,iVBOR*w0KGgo=")).toMatchObject({ status: 422, reason: "bad_encoding" });
    expect(await refusal("data:image/png;base64,iVBORw0KG")).toMatchObject({ reason: "bad_encoding" });
  });

  test("more than LOGO_MAX_BYTES decoded, whatever the encoding", async () => {
    const oversize = new Uint8Array(LOGO_MAX_BYTES + 1);
    oversize.set(halfRedPng(4, 4));
    expect(await refusal(dataUrl("image/png", oversize))).toMatchObject({ status: 422, reason: "too_large" });
    expect(await refusal(`data:image/svg+xml,${"%20".repeat(LOGO_MAX_BYTES + 1)}`)).toMatchObject({ reason: "too_large" });
    expect(await refusal(`data:image/svg+xml,${" ".repeat(3 * LOGO_MAX_BYTES + 1024)}`)).toMatchObject({ reason: "too_large" });
  });
});

describe("SVG is sanitized and drawn to a PNG", () => {
  test("a small vector logo is drawn at 512 px wide, colours and transparency where the shapes are", async () => {
    const logo = await acceptLogo(svgDataUrl(SQUARE_AND_CIRCLE));
    expect([logo.format, logo.content_type, logo.width, logo.height]).toEqual(["png", "image/png", 512, 256]);
    expect(logo.sha256).toBe(sha256(logo.bytes));
    expect(rgbaAt(logo.bytes, 128, 128)).toEqual([255, 0, 0, 255]);
    expect(rgbaAt(logo.bytes, 384, 128)).toEqual([0, 0, 255, 255]);
    expect(rgbaAt(logo.bytes, 280, 128)[3]).toBe(0);
    expect(rgbaAt(logo.bytes, 384, 4)[3]).toBe(0);
    await drawnByPainters(logo);
  });

  test("base64 SVG, and the long side capped at 1024 px for wide and tall files", async () => {
    const wide = `${SVG_OPEN} width="4000" height="1000"><rect width="4000" height="1000"/></svg>`;
    const tall = `${SVG_OPEN} viewBox="0 0 50 200"><rect width="50" height="200"/></svg>`;
    const wideLogo = await acceptLogo(dataUrl("image/svg+xml", new TextEncoder().encode(wide)));
    expect([wideLogo.width, wideLogo.height]).toEqual([1024, 256]);
    const tallLogo = await acceptLogo(svgDataUrl(tall));
    expect([tallLogo.width, tallLogo.height]).toEqual([256, 1024]);
  });

  test("huge width/height attributes cost nothing: the drawing is fitted to 1024 px", async () => {
    const logo = await acceptLogo(svgDataUrl(`${SVG_OPEN} width="100000000" height="50000000" viewBox="0 0 2 1"><rect width="2" height="1" fill="#008000"/></svg>`));
    expect([logo.width, logo.height]).toEqual([1024, 512]);
    expect(rgbaAt(logo.bytes, 512, 256)).toEqual([0, 128, 0, 255]);
  });

  test("gradients, clip paths, <use> and class styles pointing at local ids still draw", async () => {
    const markup = `${SVG_OPEN} width="100" height="100"><style>.fill{fill:url(#g)}</style><defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#ff0000"/></linearGradient><clipPath id="c"><rect width="50" height="100"/></clipPath><rect id="r" width="100" height="100"/></defs><use xlink:href="#r" class="fill" clip-path="url(#c)"/></svg>`;
    const clean = sanitizeSvg(markup);
    expect(clean).toContain(".fill{fill:url(#g)}");
    expect(clean).toContain(`xlink:href="#r"`);
    const logo = await acceptLogo(svgDataUrl(markup));
    expect(rgbaAt(logo.bytes, 100, 256)).toEqual([255, 0, 0, 255]);
    expect(rgbaAt(logo.bytes, 400, 256)[3]).toBe(0);
  });

  test("a detailed logo well within the cost: gradient ground, clipped translucent groups, 3000 small shapes, dashes", async () => {
    const dots = Array.from({ length: 3000 }, (_, index) => `<circle cx="${(index * 37) % 400}" cy="${(index * 53) % 200}" r="2" fill="#${((index * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(-6)}"/>`).join("");
    const clipped = Array.from({ length: 3 }, (_, index) => `<g clip-path="url(#c)" opacity="0.8" transform="translate(${index * 120} 0)"><rect width="100" height="200" fill="url(#g)"/></g>`).join("");
    const markup = `${SVG_OPEN} width="4000" height="2000" viewBox="0 0 400 200"><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#9ab"/></linearGradient><clipPath id="c"><circle cx="50" cy="100" r="50"/></clipPath></defs><rect width="400" height="200" fill="url(#g)"/>${clipped}${dots}<rect x="5" y="5" width="390" height="190" fill="none" stroke="#000" stroke-dasharray="4 2"/></svg>`;
    const logo = await acceptLogo(svgDataUrl(markup));
    expect([logo.width, logo.height]).toEqual([1024, 512]);
    const normalized = new Resvg(sanitizeSvg(markup), { font: { loadSystemFonts: false } }).toString();
    expect(paintCost(normalized, { width: 1024, height: 512 })).toBeLessThan(MAX_PAINT_COST / 5);
  });
});

/** Hostile SVGs that are cleaned: what must be gone from the markup, and a rectangle stays drawable. */
const CLEANED: ReadonlyArray<{ name: string; body: string; gone: readonly string[] }> = [
  { name: "a script element", body: `<script>alert(document.cookie)</script>`, gone: ["script", "alert"] },
  { name: "an onload handler", body: `<g onload="alert(1)" onclick="alert(2)"><rect width="1" height="1"/></g>`, gone: ["onload", "onclick", "alert"] },
  { name: "a javascript: link", body: `<a href="javascript:alert(1)"><rect width="1" height="1"/></a><use href="javascript:alert(2)"/>`, gone: ["javascript", "alert", "<a"] },
  { name: "a javascript: href spelled in character references", body: `<use href="&#106;avascript:alert(1)"/>`, gone: ["avascript", "alert", "href"] },
  { name: "an external http image", body: `<image href="http://evil.example/track.png" width="10" height="10"/>`, gone: ["<image", "evil.example"] },
  { name: "a data: image inside the SVG", body: `<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>`, gone: ["<image", "data:"] },
  { name: "an xlink:href to file:///etc/passwd", body: `<image xlink:href="file:///etc/passwd"/><use xlink:href="file:///etc/passwd#root"/>`, gone: ["file:", "passwd", "<image"] },
  { name: "<style>@import url(…)", body: `<style>@import url(http://evil.example/x.css); rect{fill:red}</style>`, gone: ["@import", "evil.example", "<style"] },
  { name: "a style attribute with an external url()", body: `<rect width="1" height="1" style="fill:url(http://evil.example/p.svg#x)"/>`, gone: ["evil.example", "style="] },
  { name: "CSS escapes that could spell url(", body: `<rect width="1" height="1" style="fill:u\\72l(http://evil.example/)"/>`, gone: ["evil.example", "style="] },
  { name: "a presentation attribute with an external url()", body: `<rect width="1" height="1" filter="url(http://evil.example/f.svg#f)"/>`, gone: ["evil.example", "filter="] },
  { name: "foreignObject with HTML", body: `<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.example/"></iframe></div></foreignObject>`, gone: ["foreignObject", "iframe", "evil.example", "xhtml"] },
  { name: "a processing instruction", body: "", gone: ["xml-stylesheet", "evil.example"] },
];

describe("hostile SVGs that are cleaned", () => {
  for (const { name, body, gone } of CLEANED) {
    test(name, async () => {
      const prolog = name === "a processing instruction" ? `<?xml-stylesheet type="text/css" href="http://evil.example/x.css"?>` : "";
      const markup = `${prolog}${SVG_OPEN} width="100" height="50">${body}<rect x="10" y="10" width="20" height="20" fill="#000000"/></svg>`;
      const clean = sanitizeSvg(markup);
      for (const fragment of gone) expect(clean).not.toContain(fragment);
      expect(clean).toContain(`<rect x="10" y="10" width="20" height="20" fill="#000000"/>`);
      expect((await acceptLogo(svgDataUrl(markup))).format).toBe("png");
    });
  }
});

describe("hostile or broken SVGs that are refused", () => {
  test("entity expansion (billion laughs) and any DOCTYPE", async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${SVG_OPEN}><text>&c;</text></svg>`;
    expect(await refusal(svgDataUrl(laughs))).toMatchObject({ status: 422, reason: "svg_forbidden_markup" });
    const external = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${SVG_OPEN}><rect width="1" height="1"/></svg>`;
    expect(await refusal(svgDataUrl(external))).toMatchObject({ reason: "svg_forbidden_markup" });
  });

  test("<use> fanning out exponentially (the SVG billion laughs) and references in a cycle", async () => {
    const levels = Array.from({ length: 8 }, (_, level) => `<g id="l${level + 1}">${`<use href="#l${level}"/>`.repeat(10)}</g>`).join("");
    const bomb = `${SVG_OPEN} width="10" height="10"><defs><rect id="l0" width="1" height="1"/>${levels}</defs><use href="#l8"/></svg>`;
    expect(await refusal(svgDataUrl(bomb))).toMatchObject({ status: 422, reason: "svg_too_complex" });
    const cycle = `${SVG_OPEN} width="10" height="10"><g id="a"><rect width="1" height="1"/><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>`;
    expect(await refusal(svgDataUrl(cycle))).toMatchObject({ reason: "svg_too_complex" });
  });

  test("drawings that would take seconds to paint, refused by their estimated cost before drawing", async () => {
    const fullCanvas = `<rect width="100" height="100"`;
    const masked = `${SVG_OPEN} viewBox="0 0 100 100"><mask id="m">${fullCanvas} fill="#fff"/></mask>${`${fullCanvas} mask="url(#m)"/>`.repeat(2000)}</svg>`;
    const radial = `${SVG_OPEN} viewBox="0 0 100 100"><radialGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></radialGradient>${`${fullCanvas} fill="url(#g)"/>`.repeat(400)}</svg>`;
    const layers = `${SVG_OPEN} viewBox="0 0 100 100"><style>rect{opacity:.5}</style>${`${fullCanvas}/>`.repeat(300)}</svg>`;
    const dashes = `${SVG_OPEN} viewBox="0 0 100 100"><path stroke="#000" stroke-dasharray="0.0001" d="M0 0 L100 100"/></svg>`;
    for (const markup of [masked, radial, layers, dashes]) expect(await refusal(svgDataUrl(markup))).toMatchObject({ status: 422, reason: "svg_too_complex" });
  });

  test("not XML, not SVG, nesting too deep, not UTF-8", async () => {
    expect(await refusal(svgDataUrl(`${SVG_OPEN}><rect></svg>`))).toMatchObject({ status: 422, reason: "svg_unparsable" });
    expect(await refusal(svgDataUrl(`<html><body/></html>`))).toMatchObject({ reason: "svg_unparsable" });
    expect(await refusal(svgDataUrl(`${SVG_OPEN}>${"<g>".repeat(200)}<rect width="1" height="1"/>${"</g>".repeat(200)}</svg>`))).toMatchObject({ reason: "svg_unparsable" });
    expect(await refusal(dataUrl("image/svg+xml", new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e])))).toMatchObject({ reason: "bad_encoding" });
  });

  test("nothing to draw: empty, only hostile parts, only text (no fonts), invisible", async () => {
    expect(await refusal(svgDataUrl(`${SVG_OPEN}/>`))).toMatchObject({ status: 422, reason: "svg_empty" });
    expect(await refusal(svgDataUrl(`${SVG_OPEN}><script>alert(1)</script><foreignObject/></svg>`))).toMatchObject({ reason: "svg_empty" });
    expect(await refusal(svgDataUrl(`${SVG_OPEN} width="100" height="20"><text y="15">ACME</text></svg>`))).toMatchObject({ reason: "svg_empty" });
    expect(await refusal(svgDataUrl(`${SVG_OPEN} width="10" height="10"><rect width="10" height="10" fill="none"/></svg>`))).toMatchObject({ reason: "svg_empty" });
  });

  test("no usable size: zero, or too thin to leave a pixel", async () => {
    expect(await refusal(svgDataUrl(`${SVG_OPEN} width="0" height="10"><rect width="1" height="1"/></svg>`))).toMatchObject({ status: 422, reason: "svg_unparsable" });
    expect(await refusal(svgDataUrl(`${SVG_OPEN} width="1000000" height="1"><rect width="1000000" height="1"/></svg>`))).toMatchObject({ reason: "svg_bad_size" });
  });
});

describe("the paint cost estimate", () => {
  const normalized = (markup: string): string => new Resvg(markup, { font: { loadSystemFonts: false } }).toString();
  const canvas = { width: 1024, height: 1024 };

  test("an opaque shape costs the device pixels of its box, plus its points", () => {
    const halfCanvas = normalized(`${SVG_OPEN} viewBox="0 0 100 100"><rect width="50" height="100"/></svg>`);
    expect(paintCost(halfCanvas, canvas)).toBe(512 * 1024 + 4 * 1000);
  });

  test("transforms, clipping to the canvas and strokes count; text (no fonts) costs nothing", () => {
    const rotated = normalized(`${SVG_OPEN} viewBox="0 0 100 100"><rect width="50" height="50" transform="rotate(45 25 25)"/></svg>`);
    expect(paintCost(rotated, canvas)).toBeGreaterThan(512 * 512);
    const outside = normalized(`${SVG_OPEN} viewBox="0 0 100 100"><rect x="200" width="50" height="50"/></svg>`);
    expect(paintCost(outside, canvas)).toBe(4 * 1000);
    const stroked = normalized(`${SVG_OPEN} viewBox="0 0 100 100"><rect width="10" height="10" fill="none" stroke="#000" stroke-width="2"/></svg>`);
    expect(paintCost(stroked, canvas)).toBeGreaterThan(102 * 102);
    expect(paintCost(normalized(`${SVG_OPEN} viewBox="0 0 100 100"><text>ACME</text></svg>`), canvas)).toBe(0);
  });

  test("the limit is hundreds of canvas-sized fills", () => {
    expect(MAX_PAINT_COST / (canvas.width * canvas.height)).toBe(500);
  });
});
