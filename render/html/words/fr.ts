// The words only the HTML pages print in French: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const fr: HtmlWords = {
  lineItems: "Lignes du document",
  paymentQrCode: "QR code de paiement (EPC) : scannez-le avec une application bancaire pour payer par virement SEPA",
  downloadPdf: "Télécharger le PDF",
};
