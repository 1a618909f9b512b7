// Header pieces more than one design arranges: the parties side by side, optionally with the dates
// as a third column (issue, due, delivery date and the preceding invoice, in the invoice's locale),
// as label and value rows or in the design's own way.
import { printedDates } from "../../document.ts";
import { besidePieces, type Piece } from "../../layout/flow.ts";
import type { Context } from "../design.ts";
import { factRows } from "../pieces.ts";
import { partyPiece } from "./parties.ts";

const COLUMN_GAP = 18;
/** The dates column's share when it stands beside the two parties. */
const DATES_SHARE = 0.38;

export function datesPiece(context: Context, x: number, width: number): Piece {
  return factRows(context, printedDates(context.document), x, width);
}

/** Lays out the dates column in [x, x + width]; null when there are no dates to show. */
export type DatesColumn = (context: Context, x: number, width: number) => Piece | null;

/** Seller and buyer side by side, then the dates column, across [x, x + width]. */
export function partiesPiece(context: Context, x: number, width: number, dates: DatesColumn = datesPiece): Piece {
  const [seller, buyer] = context.document.parties;
  const datesWidth = width * DATES_SHARE;
  const partyWidth = (width - datesWidth - COLUMN_GAP * 2) / 2;
  const pieces: Piece[] = [];
  if (seller) pieces.push(partyPiece(context, seller, x, partyWidth));
  if (buyer) pieces.push(partyPiece(context, buyer, x + partyWidth + COLUMN_GAP, partyWidth));
  const datesColumn = dates(context, x + width - datesWidth, datesWidth);
  if (datesColumn) pieces.push(datesColumn);
  return besidePieces(pieces);
}
