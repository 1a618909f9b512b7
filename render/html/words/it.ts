// The words only the HTML pages print in Italian: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const it: HtmlWords = {
  lineItems: "Voci del documento",
  paymentQrCode: "Codice QR di pagamento (EPC): scansionalo con un'app bancaria per pagare con bonifico SEPA",
  downloadPdf: "Scarica il PDF",
};
