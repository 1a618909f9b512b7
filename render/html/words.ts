// The few words only the HTML pages print (a hidden table caption, the QR code's accessible name,
// the share page's download link), in the eight languages of render/labels. They live here rather
// than in `Labels` because no other export prints them.
import type { LabelLanguage } from "../labels.ts";

export type HtmlWords = {
  /** The line table's caption, read by screen readers. */
  lineItems: string;
  /** The payment QR code's accessible name. */
  paymentQrCode: string;
  downloadPdf: string;
};

const WORDS: Record<LabelLanguage, HtmlWords> = {
  en: {
    lineItems: "Line items",
    paymentQrCode: "Payment QR code (EPC): scan it with a banking app to pay by SEPA credit transfer",
    downloadPdf: "Download PDF",
  },
  de: {
    lineItems: "Positionen",
    paymentQrCode: "Zahlungs-QR-Code (EPC): mit einer Banking-App scannen, um per SEPA-Überweisung zu bezahlen",
    downloadPdf: "PDF herunterladen",
  },
  fr: {
    lineItems: "Lignes du document",
    paymentQrCode: "QR code de paiement (EPC) : scannez-le avec une application bancaire pour payer par virement SEPA",
    downloadPdf: "Télécharger le PDF",
  },
  es: {
    lineItems: "Conceptos",
    paymentQrCode: "Código QR de pago (EPC): escanéelo con una aplicación bancaria para pagar por transferencia SEPA",
    downloadPdf: "Descargar PDF",
  },
  it: {
    lineItems: "Voci del documento",
    paymentQrCode: "Codice QR di pagamento (EPC): scansionalo con un'app bancaria per pagare con bonifico SEPA",
    downloadPdf: "Scarica il PDF",
  },
  nl: {
    lineItems: "Regels",
    paymentQrCode: "Betaal-QR-code (EPC): scan hem met een bankapp om per SEPA-overboeking te betalen",
    downloadPdf: "PDF downloaden",
  },
  pt: {
    lineItems: "Linhas do documento",
    paymentQrCode: "Código QR de pagamento (EPC): leia-o com uma aplicação bancária para pagar por transferência SEPA",
    // "Transferir" in Portugal, "Baixar" in Brazil: "Download" is said in both.
    downloadPdf: "Download do PDF",
  },
  ja: {
    lineItems: "明細",
    paymentQrCode: "支払い用QRコード（EPC）：銀行アプリで読み取ると、SEPA送金で支払えます",
    downloadPdf: "PDFをダウンロード",
  },
};

/** The words for a BCP 47 tag's language, as `labelsFor` picks labels: else English. */
export function htmlWordsFor(locale: string): HtmlWords {
  const language = new Intl.Locale(locale).language;
  return Object.hasOwn(WORDS, language) ? WORDS[language as LabelLanguage] : WORDS.en;
}
