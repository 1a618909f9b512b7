// How to pay: payment terms, IBAN, BIC and reference (when the template shows payment), and the
// EPC (SEPA) QR code a banking app scans to pre-fill the transfer (when the template shows QR codes
// and the invoice qualifies: epcPayload is null otherwise). The code is drawn as vector rects with
// modules of 2 pt (2.7 px at 96 dpi), so even a PNG of the page scans; the summary (summary.ts)
// places the facts and the code beside the totals, or this block holds both when there is no room.
import type { Fact } from "../../document.ts";
import { besidePieces, pieceBlock, stackPieces, type Block, type Piece } from "../../layout/flow.ts";
import { epcPayload } from "../../qr/epc.ts";
import { QUIET_ZONE, qrBoxes, qrModules } from "../../qr/matrix.ts";
import type { Context } from "../design.ts";
import { factRows, sectionHeading } from "../pieces.ts";

/**
 * Points per module. An EPC payload needs version 4 to 6 (33 to 41 modules), so the code with its
 * quiet zone is 82 to 98 pt square (29 to 35 mm): what banking apps scan from paper and screens.
 */
const MODULE = 2;
const QR_GAP = 16;

// Choosing the symbol's mask is most of a layout's time after wrapping (~0.4 ms), and one invoice
// is laid out again for each visual format: symbols are kept per payload, up to a bound.
const SYMBOL_CACHE_LIMIT = 256;
const symbols = new Map<string, boolean[][]>();

function symbolOf(payload: string): boolean[][] {
  let modules = symbols.get(payload);
  if (!modules) {
    modules = qrModules(payload);
    if (symbols.size >= SYMBOL_CACHE_LIMIT) symbols.delete(symbols.keys().next().value as string);
    symbols.set(payload, modules);
  }
  return modules;
}

/** The payment code of an invoice: its modules and its side in points, quiet zone included. */
export type PaymentCode = { modules: boolean[][]; size: number };

/** The EPC QR code when the template shows codes and the invoice qualifies, else null. */
export function paymentCode(context: Context): PaymentCode | null {
  const payload = context.options.show.qr_code ? epcPayload(context.record) : null;
  if (payload === null) return null;
  const modules = symbolOf(payload);
  return { modules, size: (modules.length + 2 * QUIET_ZONE) * MODULE };
}

/** The code with its left edge at `x`. */
export function codePiece(code: PaymentCode, x: number): Piece {
  return { height: code.size, draw: (top) => qrBoxes(code.modules, { x, y: top, size: code.size, color: "#000000" }) };
}

/** The payment facts the template shows. */
export function paymentFacts({ document, options }: Context): Fact[] {
  return options.show.payment ? document.payment : [];
}

/**
 * The payment heading and facts in [x, x + width], or null when there is nothing to pay with. The
 * heading stays when only the code is shown: it names the code printed beside it.
 */
export function paymentFactsPiece(context: Context, x: number, width: number, code: PaymentCode | null): Piece | null {
  const { document } = context;
  const facts = paymentFacts(context);
  if (facts.length === 0 && code === null) return null;
  const heading = sectionHeading(context, document.labels.paymentInstructions, x, width);
  return facts.length === 0 ? heading : stackPieces([heading, factRows(context, facts, x, width)], 4);
}

/** Payment across the frame, the facts left and the code at the right edge: the summary's fallback. */
export function paymentBlock(context: Context, code: PaymentCode | null): Block | null {
  const { document, x, width, look } = context;
  const facts = paymentFacts(context);
  if (facts.length === 0 && code === null) return null;
  const factsWidth = code ? width - code.size - QR_GAP : width;
  const body = besidePieces([factRows(context, facts, x, factsWidth, 0.4), ...(code ? [codePiece(code, x + width - code.size)] : [])]);
  return pieceBlock(stackPieces([sectionHeading(context, document.labels.paymentInstructions, x, width), body], 4), look.gap);
}
