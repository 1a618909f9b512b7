// The payment QR code as a payer meets it: the whole invoice painted to PNG (96 dpi), scanned by
// jsQR, an independent reader; the bytes must be epcPayload's, in every design and with the
// template's colours changed. An invoice that does not qualify (no IBAN, not in euro) has no code.
import { describe, expect, test } from "bun:test";
import jsQR from "jsqr";
import { epcPayload } from "../../../render/qr/epc.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate, type RenderTemplate } from "../../../render/templates/template.ts";
import { renderPng } from "../../../render/visual.ts";
import { pixelsOf } from "../paint/png-pixels.ts";
import { GERMAN, JAPANESE, templateWith } from "../../../scripts/samples/templates.ts";

async function scan(record: typeof GERMAN, template: RenderTemplate): Promise<Uint8Array | null> {
  const pixels = pixelsOf(await renderPng(layoutInvoice(record, template)));
  const rgba = new Uint8ClampedArray(pixels.width * pixels.height * 4);
  for (let index = 0; index < pixels.width * pixels.height; index++) {
    for (let channel = 0; channel < 4; channel++) {
      rgba[index * 4 + channel] = channel < pixels.channels ? (pixels.data[index * pixels.channels + channel] ?? 0) : 255;
    }
  }
  const code = jsQR(rgba, pixels.width, pixels.height, { inversionAttempts: "dontInvert" });
  return code ? Uint8Array.from(code.binaryData) : null;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe.each(BASE_DESIGNS)("the %s design's payment code", (base) => {
  test("scans as the invoice's EPC payload", async () => {
    const payload = epcPayload(GERMAN);
    if (payload === null) throw new Error("the German fixture qualifies for a code");
    expect(await scan(GERMAN, builtInTemplate(base))).toEqual(utf8(payload));
  }, 30_000);

  test("still scans with the template's colours changed", async () => {
    const payload = epcPayload(GERMAN) ?? "";
    const template = templateWith(base, (each) => (each.options.colors = { accent: "#0b6e4f", text: "#2b2b2b", muted: "#777777", rule: "#bbbbbb", panel: "#08415c" }));
    expect(await scan(GERMAN, template)).toEqual(utf8(payload));
  }, 30_000);

  test("is absent when the invoice does not qualify or the template hides it", async () => {
    expect(epcPayload(JAPANESE)).toBeNull();
    expect(await scan(JAPANESE, builtInTemplate(base))).toBeNull();
    expect(await scan(GERMAN, templateWith(base, (each) => (each.options.show.qr_code = false)))).toBeNull();
  }, 30_000);
});
