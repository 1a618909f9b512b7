// The seller and buyer blocks: a caption ("Bill to"), the name in the strong style, address lines
// and e-mail, and the VAT id when the template shows tax ids (content.ts has already dropped it
// otherwise).
import type { Party } from "../../document.ts";
import { stackPieces, spacer, type Piece } from "../../layout/flow.ts";
import type { Context } from "../design.ts";
import { caption, textPiece } from "../pieces.ts";

export function partyPiece(context: Context, party: Party, x: number, width: number): Piece {
  const { look, document } = context;
  const [name = "", ...lines] = party.lines;
  const taxLine = party.taxId ? [textPiece(`${document.labels.taxId}${document.labels.colon}${party.taxId}`, look.muted, x, width)] : [];
  return stackPieces([
    textPiece(caption(context, party.label), look.label, x, width),
    spacer(2),
    textPiece(name, look.strong, x, width),
    ...lines.map((line) => textPiece(line, look.body, x, width)),
    ...taxLine,
  ]);
}
