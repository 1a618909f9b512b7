// The words only the HTML pages print in German: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const de: HtmlWords = {
  lineItems: "Positionen",
  paymentQrCode: "Zahlungs-QR-Code (EPC): mit einer Banking-App scannen, um per SEPA-Überweisung zu bezahlen",
  downloadPdf: "PDF herunterladen",
};
