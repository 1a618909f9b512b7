// The words only the HTML pages print in Spanish: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const es: HtmlWords = {
  lineItems: "Conceptos",
  paymentQrCode: "Código QR de pago (EPC): escanéelo con una aplicación bancaria para pagar por transferencia SEPA",
  downloadPdf: "Descargar PDF",
};
