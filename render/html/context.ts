// What every block of the invoice page is built from: the record, the template's document and
// words, and the page's direction; and the few ways text goes into it (user text with its line
// breaks, numbers in the locale's direction, "Label: " pairs), each isolated when it reads against
// the page, each escaped by markup.ts.
import type { Direction } from "../fonts/bidi.ts";
import type { InvoiceDocument } from "../document.ts";
import type { Rgb } from "../layout/boxes.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { RenderTemplate } from "../templates/template.ts";
import { readsAgainst } from "./direction.ts";
import { element, text, type Attributes, type Html } from "./markup.ts";
import type { HtmlWords } from "./words/index.ts";

export type BodyContext = {
  record: InvoiceRecord;
  template: RenderTemplate;
  document: InvoiceDocument;
  words: HtmlWords;
  /** The page's direction, and the direction the locale formats numbers and dates in. */
  direction: Direction;
  numberDirection: Direction;
  /** The QR code's colour: the palette's ink on paper. */
  qrColor: Rgb;
};

/**
 * Text that reads against the page (Arabic on a left-to-right page, an English label on a
 * right-to-left one) in a <bdi dir="auto">: laid out by its own first strong letter, isolated so
 * its neighbours keep their order, while the element around it keeps the page's alignment.
 */
export function isolated(value: string, { direction }: BodyContext): Html {
  return readsAgainst(value, direction) ? element("bdi", { dir: "auto" }, text(value)) : text(value);
}

export function directed(tag: string, value: string, context: BodyContext, attrs: Attributes = {}): Html {
  return element(tag, attrs, isolated(value, context));
}

/** User text: line breaks kept by the "text" class. */
export function userText(tag: string, value: string, context: BodyContext, attrs: Attributes = {}): Html {
  return directed(tag, value, context, { class: "text", ...attrs });
}

/** A number or date, isolated in the locale's direction when the page runs the other way. */
export function localized(value: string, { direction, numberDirection }: BodyContext): Html {
  return numberDirection === direction ? text(value) : element("span", { dir: numberDirection }, text(value));
}

/** "Label: " in the label colour; the language's colon follows the page's direction. */
export function labelled(context: BodyContext, label: string): Html {
  return element("span", { class: "label" }, isolated(label, context), text(context.document.labels.colon));
}
