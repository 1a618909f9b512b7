// The words only the HTML pages print in Japanese: `HtmlWords` (index.ts) holds it to every key.
import type { HtmlWords } from "./index.ts";

export const ja: HtmlWords = {
  lineItems: "明細",
  paymentQrCode: "支払い用QRコード（EPC）：銀行アプリで読み取ると、SEPA送金で支払えます",
  downloadPdf: "PDFをダウンロード",
};
