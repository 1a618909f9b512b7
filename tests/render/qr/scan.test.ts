// End to end, the way a payer meets the code: qrBoxes placed on an A4 page, painted by the PNG
// painter (satori, resvg at 96 dpi), the PNG decoded by fast-png and the page scanned by jsQR, an
// independent reader. The decoded bytes must be the payload's UTF-8, byte for byte.
import { describe, expect, test } from "bun:test";
import jsQR from "jsqr";
import { PAPER, type Box, type PageLayout } from "../../../render/layout/boxes.ts";
import { paintPng } from "../../../render/paint/png.ts";
import { epcPayload, type EpcSource } from "../../../render/qr/epc.ts";
import { qrBoxes, qrModules } from "../../../render/qr/matrix.ts";
import { GERMAN } from "../../../scripts/samples/invoices.ts";
import { pixelsOf } from "../paint/png-pixels.ts";

type Placement = { x: number; y: number; size: number };

/** An A4 page with the code (over an optional tinted panel), painted, then scanned. */
async function scan(payload: string, at: Placement, under: Box[] = []): Promise<{ text: string; bytes: Uint8Array; version: number }> {
  const page: PageLayout = { ...PAPER.A4, boxes: [...under, ...qrBoxes(qrModules(payload), { ...at, color: "#000000" })] };
  const pixels = pixelsOf(await paintPng(page));
  const rgba = new Uint8ClampedArray(pixels.width * pixels.height * 4);
  for (let index = 0; index < pixels.width * pixels.height; index++) {
    for (let channel = 0; channel < 4; channel++) {
      rgba[index * 4 + channel] = channel < pixels.channels ? (pixels.data[index * pixels.channels + channel] ?? 0) : 255;
    }
  }
  const code = jsQR(rgba, pixels.width, pixels.height, { inversionAttempts: "dontInvert" });
  if (!code) throw new Error("jsQR found no code on the page");
  return { text: code.data, bytes: Uint8Array.from(code.binaryData), version: code.version };
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function payloadOf(source: EpcSource): string {
  const payload = epcPayload(source);
  if (payload === null) throw new Error("expected a payload");
  return payload;
}

describe("an EPC code painted to PNG reads back as its payload", () => {
  test("the German fixture, 4 cm wide at a fractional position", async () => {
    const payload = payloadOf(GERMAN);
    const read = await scan(payload, { x: 420.3, y: 640.7, size: 113.4 });
    expect(read.bytes).toEqual(utf8(payload));
    expect(read.text).toBe(payload);
  }, 30_000);

  test("a Japanese beneficiary's name round-trips through UTF-8, over a tinted panel", async () => {
    const payload = payloadOf({ ...GERMAN, from_name: "株式会社サンプル商事", payment: { means: "58", iban: "DE89370400440532013000", bic: null, reference: "RF18 5390 0754 7034" } });
    expect(payload.split("\n")[5]).toBe("株式会社サンプル商事");
    const panel: Box = { kind: "rect", x: 380, y: 600, width: 200, height: 200, fill: "#c9dcef", stroke: null, strokeWidth: 0 };
    const read = await scan(payload, { x: 400.5, y: 620.5, size: 120 }, [panel]);
    expect(read.bytes).toEqual(utf8(payload));
    expect(new TextDecoder("utf-8", { fatal: true }).decode(read.bytes)).toBe(payload);
  }, 30_000);

  test("a payload at the 331-byte limit scans as a version 13 code", async () => {
    const payload = payloadOf({ ...GERMAN, from_name: "株".repeat(70), payment: { ...GERMAN.payment!, reference: "あ".repeat(140) } });
    expect(utf8(payload).length).toBeGreaterThan(325);
    const read = await scan(payload, { x: 60, y: 60, size: 170.1 });
    expect(read.version).toBe(13);
    expect(read.bytes).toEqual(utf8(payload));
  }, 30_000);
});
