// A subset font's ToUnicode map (PDF 32000-1 §9.10.3): for each code the content stream uses, the
// characters it stands for, so text extraction, search and copy read the words. Written as the
// Adobe-Identity-UCS CMap that pdf-lib and pdfkit write, in sections of at most 100 entries as the
// specification asks.
const BFCHAR_LIMIT = 100;

const hex4 = (value: number): string => value.toString(16).padStart(4, "0");

/** Characters as UTF-16 code units in hex. */
function utf16Hex(codePoints: readonly number[]): string {
  const text = String.fromCodePoint(...codePoints);
  let hex = "";
  for (let index = 0; index < text.length; index++) hex += hex4(text.charCodeAt(index));
  return hex;
}

/**
 * The CMap for codes (4 hex digits) and the code points of their glyphs. A glyph without code
 * points (a form fontkit reached through shaping only) gets no entry: its run's ActualText reads.
 */
export function toUnicodeMap(glyphs: ReadonlyArray<{ code: string; codePoints: readonly number[] }>): Uint8Array {
  const entries = glyphs.filter(({ codePoints }) => codePoints.length > 0).map(({ code, codePoints }) => `<${code}> <${utf16Hex(codePoints)}>`);
  const sections: string[] = [];
  for (let start = 0; start < entries.length; start += BFCHAR_LIMIT) {
    const section = entries.slice(start, start + BFCHAR_LIMIT);
    sections.push(`${section.length} beginbfchar\n${section.join("\n")}\nendbfchar`);
  }
  const cmap = [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange\n<0000> <ffff>\nendcodespacerange",
    ...sections,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ];
  return new TextEncoder().encode(cmap.join("\n"));
}
