// Under the line table, as one block that moves to the next page whole when it does not fit: the
// totals on the right, on the table's amount edge; beside them on the left the VAT breakdown (with
// any exemption reasons) and under it how to pay; between the two the EPC QR code. Side by side,
// a 20-line invoice with every block keeps to one A4 page. When the left column would be too
// narrow for the VAT table, or for the payment facts to keep their labels beside them (long
// payment terms), the code moves under the totals; when even that leaves too little room, the VAT
// part goes under the totals and payment follows across the frame.
import { besidePieces, pieceBlock, stackPieces, type Block, type Piece } from "../../layout/flow.ts";
import type { Context } from "../design.ts";
import { factLabelWidth } from "../pieces.ts";
import { codePiece, paymentBlock, paymentCode, paymentFacts, paymentFactsPiece, type PaymentCode } from "./payment.ts";
import { taxSummaryPiece, taxSummaryWidth } from "./tax-summary.ts";
import { totalsPiece, totalsWidth } from "./totals.ts";

const SIDE_GAP = 20;
/** Between the code and its neighbours; its quiet zone adds 4 modules of white. */
const CODE_GAP = 6;
/** The left column's least width, so VAT labels and exemption reasons are not squeezed. */
const MIN_SIDE_WIDTH = 170;
/** The totals column's least share of the frame, so short labels still give a calm block. */
const TOTALS_SHARE = 0.32;

/** The VAT side stacked over the payment facts, in [x, x + width]. */
function leftColumn(context: Context, width: number, code: PaymentCode | null): Piece | null {
  const { x, look } = context;
  const parts = [taxSummaryPiece(context, x, width), paymentFactsPiece(context, x, width, code)].filter((piece): piece is Piece => piece !== null);
  return parts.length === 0 ? null : stackPieces(parts, look.gap / 2);
}

export function summaryBlocks(context: Context): Block[] {
  const { x, width, look } = context;
  const code = paymentCode(context);
  const totalsSpan = Math.min(width, Math.max(width * TOTALS_SHARE, totalsWidth(context)));
  const totalsLeft = x + width - totalsSpan;
  const totals = totalsPiece(context, totalsLeft, totalsSpan);
  const leftNeeds = Math.max(MIN_SIDE_WIDTH, taxSummaryWidth(context));

  const besideCode = code ? width - totalsSpan - code.size - 2 * CODE_GAP : 0;
  const facts = paymentFacts(context);
  // Beside the code only when the payment facts keep their labels beside their values there.
  if (code && besideCode >= leftNeeds && (facts.length === 0 || factLabelWidth(context, facts, besideCode) !== null)) {
    const left = leftColumn(context, besideCode, code);
    // Level with the left column's foot, the code stands beside the payment facts it belongs to.
    const drop = Math.max(0, (left?.height ?? 0) - code.size);
    const codeColumn = codePiece(code, totalsLeft - CODE_GAP - code.size);
    const lowered: Piece = { height: drop + code.size, draw: (top) => codeColumn.draw(top + drop) };
    return [pieceBlock(besidePieces([...(left ? [left] : []), lowered, totals]), look.gap)];
  }
  const side = width - totalsSpan - SIDE_GAP;
  if (side >= leftNeeds) {
    const left = leftColumn(context, side, code);
    const right = code ? stackPieces([totals, codePiece(code, x + width - code.size)], CODE_GAP) : totals;
    return [pieceBlock(besidePieces([...(left ? [left] : []), right]), look.gap)];
  }
  // Under the totals, the VAT amounts end on the same edge as theirs.
  const tax = taxSummaryPiece(context, x, width - look.table.inset);
  const payment = paymentBlock(context, code);
  return [pieceBlock(totals, look.gap), ...(tax ? [pieceBlock(tax, look.gap)] : []), ...(payment ? [payment] : [])];
}
