// The words of the e-mails (server/automation/mail/content.ts): subject, text and HTML in each of
// the eight languages, the amount and date laid out for the invoice's locale, the sender's own
// words first, every value escaped in the HTML, and the reminders before and after the due date.
import { describe, expect, test } from "bun:test";
import { reminderContent, sendContent } from "../../server/automation/mail/content.ts";
import { newInvoice, type InvoiceRecord } from "../../server/domain/invoice.ts";
import { emptyProfile } from "../../server/domain/profile.ts";

const LINK = "https://invoices.example/share/abc";

/** A sent invoice of 100,000 minor units (1,000.00; ¥100,000) plus 10 % tax in `locale`, due 2026-12-02. */
function sentInvoice(locale: string, currency = "EUR", overrides: Partial<Omit<InvoiceRecord, "due_date">> = {}): InvoiceRecord & { due_date: string } {
  const record = newInvoice({
    id: "inv_mail",
    profile: { ...emptyProfile(), legal_name: "Nordlicht Studio" },
    resolved: {},
    now: new Date("2026-11-02T09:00:00Z"),
    input: { bill_to_name: "Globex", currency, locale, issue_date: "2026-11-02", due_date: "2026-12-02", tax_rate: 10, items: [{ description: "Work", quantity: 1, rate: 100_000 }] },
  });
  return { ...record, status: "sent", locked: true, number: "INV-2026-0007", due_date: "2026-12-02", ...overrides };
}

/** What each language's e-mail must say: subject, the sentence with amount and due date, the greeting. */
const EXPECTED: Array<[string, string, { subject: string; sentence: string; greeting: string }]> = [
  ["en-US", "USD", { subject: "Invoice INV-2026-0007 from Nordlicht Studio", sentence: "Here is our invoice INV-2026-0007 for $1,100.00, due on December 2, 2026.", greeting: "Hello Globex," }],
  ["de-DE", "EUR", { subject: "Rechnung INV-2026-0007 von Nordlicht Studio", sentence: "hiermit erhalten Sie unsere Rechnung INV-2026-0007 über 1.100,00\u00a0€, fällig am 2. Dezember 2026.", greeting: "Guten Tag Globex," }],
  ["fr-FR", "EUR", { subject: "Facture INV-2026-0007 de Nordlicht Studio", sentence: "Voici notre facture INV-2026-0007 d’un montant de 1\u202f100,00\u00a0€, à régler au plus tard le 2 décembre 2026.", greeting: "Bonjour Globex," }],
  ["es-ES", "EUR", { subject: "Factura INV-2026-0007 de Nordlicht Studio", sentence: "Le enviamos nuestra factura INV-2026-0007 por un importe de 1100,00\u00a0€, con vencimiento el 2 de diciembre de 2026.", greeting: "Buenos días, Globex:" }],
  ["it-IT", "EUR", { subject: "Fattura INV-2026-0007 da Nordlicht Studio", sentence: "Le inviamo la nostra fattura INV-2026-0007 di 1100,00\u00a0€, con scadenza il 2 dicembre 2026.", greeting: "Gentile Globex," }],
  ["nl-NL", "EUR", { subject: "Factuur INV-2026-0007 van Nordlicht Studio", sentence: "Hierbij ontvangt u onze factuur INV-2026-0007 van €\u00a01.100,00, te betalen uiterlijk 2 december 2026.", greeting: "Beste Globex," }],
  ["pt-PT", "EUR", { subject: "Fatura INV-2026-0007 de Nordlicht Studio", sentence: "Enviamos a nossa fatura INV-2026-0007 no valor de 1100,00\u00a0€, com vencimento a 2 de dezembro de 2026.", greeting: "Caro(a) Globex," }],
  ["ja-JP", "JPY", { subject: "【Nordlicht Studio】請求書（INV-2026-0007）のご送付", sentence: "請求書（INV-2026-0007）をお送りいたします。金額：￥110,000、お支払期限：2026年12月2日。", greeting: "Globex 様" }],
];

describe("sendContent in each language", () => {
  for (const [locale, currency, expected] of EXPECTED) {
    test(locale, () => {
      const content = sendContent(sentInvoice(locale, currency), { shareUrl: LINK });
      expect(content.subject).toBe(expected.subject);
      expect(content.text.trimEnd().split("\n\n")).toEqual([expected.greeting, expected.sentence, expect.stringContaining(LINK), expect.stringMatching(/\nNordlicht Studio$/)]);
      expect(content.html).toContain(`<html lang="${locale.slice(0, 2)}">`);
      expect(content.html).toContain(`<a href="${LINK}">${LINK}</a>`);
    });
  }

  test("a language without phrases falls back to English, with numbers laid out for English", () => {
    expect(sendContent(sentInvoice("sv-SE"), { shareUrl: LINK }).subject).toBe("Invoice INV-2026-0007 from Nordlicht Studio");
  });
});

describe("what the sender adds", () => {
  test("a subject replaces the default; the message comes before the standard sentence, its lines kept", () => {
    const content = sendContent(sentInvoice("en-US"), { shareUrl: null, subject: "November work", message: "Thanks again!\nSee you soon." });
    expect(content.subject).toBe("November work");
    expect(content.text.split("\n\n").slice(0, 3)).toEqual(["Hello Globex,", "Thanks again!\nSee you soon.", expect.stringContaining("Here is our invoice")]);
    expect(content.text).not.toContain("online");
    expect(content.html).toContain("<p>Thanks again!<br>See you soon.</p>");
  });

  test("names and the message are escaped in the HTML, never markup", () => {
    const record = sentInvoice("en-US", "USD", { bill_to_name: "<script>alert(1)</script>", from_name: "A & B" });
    const content = sendContent(record, { shareUrl: LINK, message: 'Click <a href="x">here</a>' });
    expect(content.html).not.toContain("<script>");
    expect(content.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(content.html).toContain("Click &lt;a href=&quot;x&quot;&gt;here&lt;/a&gt;");
    expect(content.html).toContain("A &amp; B");
  });
});

describe("reminderContent", () => {
  test("before the due date it says when; after it, that it is late", () => {
    const record = sentInvoice("en-US", "USD");
    const before = reminderContent(record, -3, LINK);
    expect(before.subject).toBe("Reminder: Invoice INV-2026-0007 is due on December 2, 2026");
    expect(before.text).toContain("This is a friendly reminder that our invoice INV-2026-0007 for $1,100.00 is due on December 2, 2026.");
    const after = reminderContent(record, 7, LINK);
    expect(after.subject).toBe("Overdue: Invoice INV-2026-0007 was due on December 2, 2026");
    expect(after.text).toContain("was due on December 2, 2026 and has not been paid yet");
    expect(after.text).toContain(LINK);
  });

  test("a partly paid invoice is reminded of what is still due", () => {
    const record = sentInvoice("de-DE", "EUR", { amount_paid: 60_000, amount_due: 50_000 });
    expect(reminderContent(record, 1, null).text).toContain("über 500,00\u00a0€ seit dem 2. Dezember 2026 fällig");
  });
});
