// Text shared by the font tests and the Deno probe.
export const SAMPLE_TEXT = "Rechnung 請求書 فاتورة — Consulting services, AVATAR Tower, Καλημέρα, Счёт-фактура № 42";
