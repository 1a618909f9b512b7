// The sRGB colour profile PDF/A needs as its output intent (DestOutputProfile): pages paint in
// DeviceRGB, which PDF/A only accepts when an RGB output intent says what the numbers mean. Built
// here rather than shipped as a binary so every byte is explained: an ICC.1 version 2.1 display
// ("mntr") profile, RGB to the XYZ connection space, with the nine tags a matrix/TRC display
// profile requires (desc, cprt, wtpt, rXYZ, gXYZ, bXYZ, rTRC, gTRC, bTRC).
// Values are those of the widely used IEC 61966-2.1 sRGB profile: colorants are the sRGB primaries
// chromatically adapted from D65 to the D50 connection space (Bradford), the media white point is
// D65 as version 2 profiles record it, and each channel's curve is the sRGB transfer function
// sampled at 1024 points. Version 2 because PDF/A-3 readers all take it and it has no profile id.

/** D50, the ICC connection space illuminant (header bytes 68–79). */
const D50 = [0.9642, 1, 0.8249] as const;
/** The display's white (wtpt): D65. */
const D65 = [0.9505, 1, 1.089] as const;
/** IEC 61966-2.1 primaries adapted to D50 (rXYZ, gXYZ, bXYZ): columns of the RGB→XYZ matrix. */
const COLORANTS = {
  red: [0.436065674, 0.222488403, 0.013916016],
  green: [0.385147095, 0.716873169, 0.097076416],
  blue: [0.143066406, 0.06060791, 0.714096069],
} as const;
export const CURVE_POINTS = 1024;
export const SRGB_DESCRIPTION = "sRGB IEC61966-2.1";

const HEADER_SIZE = 128;
const TAG_ENTRY_SIZE = 12;

/** The sRGB transfer function (IEC 61966-2.1): encoded value → linear light, both in 0…1. */
function srgbToLinear(encoded: number): number {
  return encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4;
}

class Bytes {
  private readonly parts: number[] = [];

  get length(): number {
    return this.parts.length;
  }

  ascii(text: string): this {
    for (const character of text) this.parts.push(character.charCodeAt(0) & 0x7f);
    return this;
  }

  u8(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    return this.u8(value >>> 8).u8(value);
  }

  u32(value: number): this {
    return this.u16(value >>> 16).u16(value & 0xffff);
  }

  zeros(count: number): this {
    for (let index = 0; index < count; index++) this.parts.push(0);
    return this;
  }

  /** s15Fixed16Number: a signed number with 16 fraction bits. */
  fixed(value: number): this {
    return this.u32(Math.round(value * 65536) >>> 0);
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** textDescriptionType: ASCII with its NUL, then empty Unicode and ScriptCode descriptions. */
function descriptionTag(text: string): Uint8Array {
  return new Bytes()
    .ascii("desc")
    .zeros(4)
    .u32(text.length + 1)
    .ascii(text)
    .u8(0)
    .u32(0) // Unicode language code
    .u32(0) // Unicode count
    .u16(0) // ScriptCode code
    .u8(0) // ScriptCode count
    .zeros(67) // ScriptCode description, fixed size
    .bytes();
}

function textTag(text: string): Uint8Array {
  return new Bytes().ascii("text").zeros(4).ascii(text).u8(0).bytes();
}

function xyzTag([x, y, z]: readonly [number, number, number]): Uint8Array {
  return new Bytes().ascii("XYZ ").zeros(4).fixed(x).fixed(y).fixed(z).bytes();
}

function curveTag(): Uint8Array {
  const curve = new Bytes().ascii("curv").zeros(4).u32(CURVE_POINTS);
  for (let index = 0; index < CURVE_POINTS; index++) curve.u16(Math.round(srgbToLinear(index / (CURVE_POINTS - 1)) * 65535));
  return curve.bytes();
}

/** Tag signature → data; the three curves share one data block, as the tag table allows. */
function tags(): Array<[string, Uint8Array]> {
  const curve = curveTag();
  return [
    ["desc", descriptionTag(SRGB_DESCRIPTION)],
    ["cprt", textTag("No copyright, use freely")],
    ["wtpt", xyzTag(D65)],
    ["rXYZ", xyzTag(COLORANTS.red)],
    ["gXYZ", xyzTag(COLORANTS.green)],
    ["bXYZ", xyzTag(COLORANTS.blue)],
    ["rTRC", curve],
    ["gTRC", curve],
    ["bTRC", curve],
  ];
}

function header(size: number): Bytes {
  return new Bytes()
    .u32(size)
    .zeros(4) // preferred CMM: none
    .u32(0x02100000) // version 2.1.0
    .ascii("mntr")
    .ascii("RGB ")
    .ascii("XYZ ")
    .u16(2026)
    .u16(1)
    .u16(1)
    .zeros(6) // creation date and time: fixed, so the profile is the same bytes everywhere
    .ascii("acsp")
    .zeros(4) // primary platform: none
    .zeros(4) // flags: not embedded-only, independent of its file
    .zeros(8) // device manufacturer and model
    .zeros(8) // device attributes: reflective, glossy, positive, colour
    .u32(0) // rendering intent: perceptual
    .fixed(D50[0])
    .fixed(D50[1])
    .fixed(D50[2])
    .zeros(4) // creator
    .zeros(44); // reserved in version 2
}

function build(): Uint8Array {
  const entries = tags();
  const tableEnd = HEADER_SIZE + 4 + entries.length * TAG_ENTRY_SIZE;
  const placed = new Map<Uint8Array, number>();
  const table = new Bytes().u32(entries.length);
  const data = new Bytes();
  for (const [signature, block] of entries) {
    let offset = placed.get(block);
    if (offset === undefined) {
      offset = tableEnd + data.length;
      placed.set(block, offset);
      for (const byte of block) data.u8(byte);
      data.zeros((4 - (block.length % 4)) % 4); // each tag starts on a 4-byte boundary
    }
    table.ascii(signature).u32(offset).u32(block.length);
  }
  const size = tableEnd + data.length;
  const profile = new Uint8Array(size);
  profile.set(header(size).bytes(), 0);
  profile.set(table.bytes(), HEADER_SIZE);
  profile.set(data.bytes(), tableEnd);
  return profile;
}

let cached: Uint8Array | null = null;

/** The profile's bytes (2,524), built once per process; callers must not modify them. */
export function srgbIccProfile(): Uint8Array {
  cached ??= build();
  return cached;
}
