// The words only the HTML pages print in Portuguese: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const pt: HtmlWords = {
  lineItems: "Linhas do documento",
  paymentQrCode: "Código QR de pagamento (EPC): leia-o com uma aplicação bancária para pagar por transferência SEPA",
  // "Transferir" in Portugal, "Baixar" in Brazil: "Download" is said in both.
  downloadPdf: "Download do PDF",
};
