// The words only the HTML pages print in Dutch: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const nl: HtmlWords = {
  lineItems: "Regels",
  paymentQrCode: "Betaal-QR-code (EPC): scan hem met een bankapp om per SEPA-overboeking te betalen",
  downloadPdf: "PDF downloaden",
};
