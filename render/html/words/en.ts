// The words only the HTML pages print in English: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const en: HtmlWords = {
  lineItems: "Line items",
  paymentQrCode: "Payment QR code (EPC): scan it with a banking app to pay by SEPA credit transfer",
  downloadPdf: "Download PDF",
};
