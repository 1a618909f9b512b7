// Invoice summaries: the exact wording in each language for what a bookkeeper meets (late, paid,
// draft, partly paid, credit note, quote), singular and plural, the facts behind the words, and how
// the summary's language and the layout of its numbers and dates are chosen.
import { describe, expect, test } from "bun:test";
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord } from "../../../server/domain/invoice.ts";
import type { InvoiceStatus, InvoiceType } from "../../../server/domain/lifecycle.ts";
import { emptyProfile } from "../../../server/domain/profile.ts";
import { summarizeInvoice, type InvoiceFacts } from "../../../render/summary/invoice.ts";
import type { Standing, SummaryPhrases } from "../../../render/summary/phrases/index.ts";
import { de } from "../../../render/summary/phrases/de.ts";
import { en } from "../../../render/summary/phrases/en.ts";
import { es } from "../../../render/summary/phrases/es.ts";
import { fr } from "../../../render/summary/phrases/fr.ts";
import { it } from "../../../render/summary/phrases/it.ts";
import { ja } from "../../../render/summary/phrases/ja.ts";
import { nl } from "../../../render/summary/phrases/nl.ts";
import { pt } from "../../../render/summary/phrases/pt.ts";

type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "ja";

/** Who bills whom in each language, in that country's currency and standard VAT rate. */
type Parties = { locale: string; currency: string; taxRate: number; seller: string; client: string; lines: [string, string, string] };

const PARTIES: Record<Language, Parties> = {
  en: { locale: "en-GB", currency: "GBP", taxRate: 20, seller: "Northwind Studio Ltd", client: "Globex Ltd", lines: ["Consulting", "Travel expenses", "Final report"] },
  de: { locale: "de-DE", currency: "EUR", taxRate: 19, seller: "Nordlicht Studio GmbH", client: "Beispiel AG", lines: ["Beratung", "Reisekosten", "Abschlussbericht"] },
  fr: { locale: "fr-FR", currency: "EUR", taxRate: 20, seller: "Atelier Lumière SARL", client: "Société Exemple SA", lines: ["Conseil", "Frais de déplacement", "Rapport final"] },
  es: { locale: "es-ES", currency: "EUR", taxRate: 21, seller: "Estudio Norte S.L.", client: "Ejemplo S.A.", lines: ["Consultoría", "Gastos de viaje", "Informe final"] },
  it: { locale: "it-IT", currency: "EUR", taxRate: 22, seller: "Studio Nord S.r.l.", client: "Esempio S.p.A.", lines: ["Consulenza", "Spese di trasferta", "Relazione finale"] },
  nl: { locale: "nl-NL", currency: "EUR", taxRate: 21, seller: "Studio Noord B.V.", client: "Voorbeeld N.V.", lines: ["Advies", "Reiskosten", "Eindrapport"] },
  pt: { locale: "pt-PT", currency: "EUR", taxRate: 23, seller: "Estúdio Norte, Lda.", client: "Exemplo, S.A.", lines: ["Consultoria", "Despesas de deslocação", "Relatório final"] },
  ja: { locale: "ja-JP", currency: "JPY", taxRate: 10, seller: "ノルド・スタジオ株式会社", client: "株式会社サンプル商事", lines: ["コンサルティング", "交通費", "最終報告書"] },
};

const ISSUED = "2026-11-02";
const DUE = "2026-12-02";
/** Minor units per line (pence, cents, yen): 10 × 120, 1 × 150, 1 × 400. */
const QUANTITIES = [10, 1, 1];
const RATES = [12_000, 15_000, 40_000];

/** A fresh draft in `language`'s parties with the first `lines` lines, built by the domain. */
function build(language: Language, input: InvoiceFieldsInput = {}, lines = 3): InvoiceRecord {
  const parties = PARTIES[language];
  return newInvoice({
    id: `inv_${language}`,
    profile: { ...emptyProfile(), legal_name: parties.seller },
    resolved: {},
    now: new Date(`${ISSUED}T09:00:00Z`),
    input: {
      bill_to_name: parties.client,
      currency: parties.currency,
      locale: parties.locale,
      issue_date: ISSUED,
      due_date: DUE,
      tax_rate: parties.taxRate,
      items: parties.lines.slice(0, lines).map((description, index) => ({ description, quantity: QUANTITIES[index], rate: RATES[index] ?? 0 })),
      ...input,
    },
  });
}

/** Moved to `status` as the lifecycle leaves it: sending finalizes (locked), paying settles the amount due. */
function moved(record: InvoiceRecord, status: InvoiceStatus): InvoiceRecord {
  const locked = status !== "draft" && status !== "review" && status !== "approved";
  const paid = status === "paid" ? { amount_paid: record.total, amount_due: 0 } : {};
  return { ...record, status, locked: record.locked || locked, ...paid };
}

/** A payment recorded on an open invoice, as record_payment leaves it. */
function partlyPaid(record: InvoiceRecord, amount: number): InvoiceRecord {
  return { ...record, amount_paid: amount, amount_due: record.total - amount };
}

type Situation = { record: InvoiceRecord; today: string };

/** What every language is tested in: the invoice and the day it is read. */
const SITUATIONS = {
  "a sent invoice past its due date": (language: Language): Situation => ({ record: moved(build(language, { number: "INV-2026-0042" }), "sent"), today: "2026-12-12" }),
  "a paid invoice": (language: Language): Situation => ({ record: moved(build(language, { number: "INV-2026-0042" }), "paid"), today: "2026-12-12" }),
  "a draft": (language: Language): Situation => ({ record: build(language), today: ISSUED }),
  "a partly paid invoice, viewed, not yet due": (language: Language): Situation => ({
    record: partlyPaid(moved(build(language, { number: "INV-2026-0042" }), "viewed"), 50_000),
    today: "2026-11-22",
  }),
  "a credit note awaiting settlement": (language: Language): Situation => ({
    record: moved(build(language, { type: "credit_note", number: "CN-2026-0003" }, 1), "sent"),
    today: "2026-11-22",
  }),
  "a sent quote": (language: Language): Situation => ({ record: moved(build(language, { type: "quote", number: "Q-2026-0012" }), "sent"), today: "2026-11-22" }),
  "one more item, one day overdue": (language: Language): Situation => ({
    record: moved(build(language, { number: "INV-2026-0043" }, 2), "overdue"),
    today: "2026-12-03",
  }),
} satisfies Record<string, (language: Language) => Situation>;

const EXPECTED: Record<Language, Record<keyof typeof SITUATIONS, string>> = {
  en: {
    "a sent invoice past its due date":
      "Invoice INV-2026-0042 from Northwind Studio Ltd to Globex Ltd for “Consulting” and 2 more items. The total is £2,100.00 including £350.00 VAT. It was due on 2 December 2026 and is 10 days overdue. Next step: send Globex Ltd a payment reminder.",
    "a paid invoice":
      "Invoice INV-2026-0042 from Northwind Studio Ltd to Globex Ltd for “Consulting” and 2 more items. The total is £2,100.00 including £350.00 VAT. It has been paid in full. No further action is needed.",
    "a draft":
      "Draft invoice from Northwind Studio Ltd to Globex Ltd for “Consulting” and 2 more items. The total is £2,100.00 including £350.00 VAT. Next step: finalize it.",
    "a partly paid invoice, viewed, not yet due":
      "Invoice INV-2026-0042 from Northwind Studio Ltd to Globex Ltd for “Consulting” and 2 more items. The total is £2,100.00 including £350.00 VAT. It has been sent and viewed, and is due on 2 December 2026, in 10 days. £500.00 has been paid so far; £1,600.00 is still due. Next step: wait for payment from Globex Ltd.",
    "a credit note awaiting settlement":
      "Credit note CN-2026-0003 from Northwind Studio Ltd to Globex Ltd for “Consulting”. The total is £1,440.00 including £240.00 VAT. It has been sent and is due on 2 December 2026, in 10 days. Next step: wait for the credit to be settled.",
    "a sent quote":
      "Quote Q-2026-0012 from Northwind Studio Ltd to Globex Ltd for “Consulting” and 2 more items. The total is £2,100.00 including £350.00 VAT. It has been sent; its due date is 2 December 2026, in 10 days. Next step: wait for a reply from Globex Ltd.",
    "one more item, one day overdue":
      "Invoice INV-2026-0043 from Northwind Studio Ltd to Globex Ltd for “Consulting” and 1 more item. The total is £1,620.00 including £270.00 VAT. It was due on 2 December 2026 and is 1 day overdue. Next step: send Globex Ltd a payment reminder.",
  },
  de: {
    "a sent invoice past its due date":
      "Die Rechnung INV-2026-0042 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“ und 2 weitere Positionen. Der Gesamtbetrag beläuft sich auf 2.082,50\u00a0€ einschließlich 332,50\u00a0€ MwSt. Sie war am 2. Dezember 2026 fällig und ist seit 10 Tagen überfällig. Nächster Schritt: Beispiel AG eine Zahlungserinnerung senden.",
    "a paid invoice":
      "Die Rechnung INV-2026-0042 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“ und 2 weitere Positionen. Der Gesamtbetrag beläuft sich auf 2.082,50\u00a0€ einschließlich 332,50\u00a0€ MwSt. Sie ist vollständig bezahlt. Es ist nichts weiter zu tun.",
    "a draft":
      "Die Rechnung von Nordlicht Studio GmbH an Beispiel AG ist noch ein Entwurf; sie betrifft „Beratung“ und 2 weitere Positionen. Der Gesamtbetrag beläuft sich auf 2.082,50\u00a0€ einschließlich 332,50\u00a0€ MwSt. Nächster Schritt: die Rechnung festschreiben.",
    "a partly paid invoice, viewed, not yet due":
      "Die Rechnung INV-2026-0042 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“ und 2 weitere Positionen. Der Gesamtbetrag beläuft sich auf 2.082,50\u00a0€ einschließlich 332,50\u00a0€ MwSt. Sie wurde versendet und bereits angesehen. Fällig ist sie in 10 Tagen, am 2. Dezember 2026. Bisher wurde ein Teilbetrag von 500,00\u00a0€ gezahlt; der Restbetrag von 1.582,50\u00a0€ ist noch offen. Nächster Schritt: den Zahlungseingang von Beispiel AG abwarten.",
    "a credit note awaiting settlement":
      "Die Rechnungskorrektur CN-2026-0003 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“. Der Gesamtbetrag beläuft sich auf 1.428,00\u00a0€ einschließlich 228,00\u00a0€ MwSt. Sie wurde versendet. Fällig ist sie in 10 Tagen, am 2. Dezember 2026. Nächster Schritt: den Ausgleich abwarten.",
    "a sent quote":
      "Das Angebot Q-2026-0012 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“ und 2 weitere Positionen. Der Gesamtbetrag beläuft sich auf 2.082,50\u00a0€ einschließlich 332,50\u00a0€ MwSt. Es wurde versendet. Das Fälligkeitsdatum ist der 2. Dezember 2026, in 10 Tagen. Nächster Schritt: die Rückmeldung von Beispiel AG abwarten.",
    "one more item, one day overdue":
      "Die Rechnung INV-2026-0043 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“ und 1 weitere Position. Der Gesamtbetrag beläuft sich auf 1.606,50\u00a0€ einschließlich 256,50\u00a0€ MwSt. Sie war am 2. Dezember 2026 fällig und ist seit 1 Tag überfällig. Nächster Schritt: Beispiel AG eine Zahlungserinnerung senden.",
  },
  fr: {
    "a sent invoice past its due date":
      "La facture INV-2026-0042, établie par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f» et 2 autres lignes. Le montant total s'élève à 2\u202f100,00\u00a0€, dont 350,00\u00a0€ de TVA. Elle est arrivée à échéance le 2 décembre 2026 et accuse 10 jours de retard. Prochaine étape\u202f: envoyer une relance de paiement à Société Exemple SA.",
    "a paid invoice":
      "La facture INV-2026-0042, établie par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f» et 2 autres lignes. Le montant total s'élève à 2\u202f100,00\u00a0€, dont 350,00\u00a0€ de TVA. Elle a été intégralement payée. Aucune autre action n'est nécessaire.",
    "a draft":
      "Le brouillon de facture, établi par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f» et 2 autres lignes. Le montant total s'élève à 2\u202f100,00\u00a0€, dont 350,00\u00a0€ de TVA. Prochaine étape\u202f: finaliser la facture.",
    "a partly paid invoice, viewed, not yet due":
      "La facture INV-2026-0042, établie par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f» et 2 autres lignes. Le montant total s'élève à 2\u202f100,00\u00a0€, dont 350,00\u00a0€ de TVA. Elle a été envoyée et consultée par le destinataire. Elle arrive à échéance le 2 décembre 2026, dans 10 jours. Un montant de 500,00\u00a0€ a déjà été réglé\u202f; il reste 1\u202f600,00\u00a0€ à régler. Prochaine étape\u202f: attendre le règlement par Société Exemple SA.",
    "a credit note awaiting settlement":
      "L'avoir CN-2026-0003, établi par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f». Le montant total s'élève à 1\u202f440,00\u00a0€, dont 240,00\u00a0€ de TVA. Il a été envoyé. Il arrive à échéance le 2 décembre 2026, dans 10 jours. Prochaine étape\u202f: attendre le règlement de l'avoir.",
    "a sent quote":
      "Le devis Q-2026-0012, établi par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f» et 2 autres lignes. Le montant total s'élève à 2\u202f100,00\u00a0€, dont 350,00\u00a0€ de TVA. Il a été envoyé. Sa date d'échéance est fixée au 2 décembre 2026, dans 10 jours. Prochaine étape\u202f: attendre la réponse du destinataire.",
    "one more item, one day overdue":
      "La facture INV-2026-0043, établie par Atelier Lumière SARL pour Société Exemple SA, porte sur «\u202fConseil\u202f» et 1 autre ligne. Le montant total s'élève à 1\u202f620,00\u00a0€, dont 270,00\u00a0€ de TVA. Elle est arrivée à échéance le 2 décembre 2026 et accuse 1 jour de retard. Prochaine étape\u202f: envoyer une relance de paiement à Société Exemple SA.",
  },
  es: {
    "a sent invoice past its due date":
      "La factura INV-2026-0042 de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría» y 2 conceptos más. El importe total es de 2117,50\u00a0€, incluida una cuota de IVA de 367,50\u00a0€. Venció el 2 de diciembre de 2026 y lleva 10 días de retraso. Próximo paso: enviar un recordatorio de pago a Ejemplo S.A.",
    "a paid invoice":
      "La factura INV-2026-0042 de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría» y 2 conceptos más. El importe total es de 2117,50\u00a0€, incluida una cuota de IVA de 367,50\u00a0€. Está pagada en su totalidad. No es necesario hacer nada más.",
    "a draft":
      "El borrador de factura de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría» y 2 conceptos más. El importe total es de 2117,50\u00a0€, incluida una cuota de IVA de 367,50\u00a0€. Próximo paso: finalizar la factura.",
    "a partly paid invoice, viewed, not yet due":
      "La factura INV-2026-0042 de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría» y 2 conceptos más. El importe total es de 2117,50\u00a0€, incluida una cuota de IVA de 367,50\u00a0€. Se ha enviado y el destinatario ya la ha visto. Vence el 2 de diciembre de 2026, dentro de 10 días. Hasta ahora se ha abonado un importe de 500,00\u00a0€; queda un saldo pendiente de 1617,50\u00a0€. Próximo paso: esperar el pago de Ejemplo S.A.",
    "a credit note awaiting settlement":
      "La factura rectificativa CN-2026-0003 de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría». El importe total es de 1452,00\u00a0€, incluida una cuota de IVA de 252,00\u00a0€. Se ha enviado. Vence el 2 de diciembre de 2026, dentro de 10 días. Próximo paso: esperar la liquidación de la factura rectificativa.",
    "a sent quote":
      "El presupuesto Q-2026-0012 de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría» y 2 conceptos más. El importe total es de 2117,50\u00a0€, incluida una cuota de IVA de 367,50\u00a0€. Se ha enviado. Su fecha de vencimiento es el 2 de diciembre de 2026, dentro de 10 días. Próximo paso: esperar la respuesta de Ejemplo S.A.",
    "one more item, one day overdue":
      "La factura INV-2026-0043 de Estudio Norte S.L. para Ejemplo S.A. incluye «Consultoría» y 1 concepto más. El importe total es de 1633,50\u00a0€, incluida una cuota de IVA de 283,50\u00a0€. Venció el 2 de diciembre de 2026 y lleva 1 día de retraso. Próximo paso: enviar un recordatorio de pago a Ejemplo S.A.",
  },
  it: {
    "a sent invoice past its due date":
      "La fattura INV-2026-0042 di Studio Nord S.r.l., intestata a Esempio S.p.A., riguarda «Consulenza» e altre 2 voci. L'importo totale è di 2135,00\u00a0€, di cui 385,00\u00a0€ di IVA. È scaduta il 2 dicembre 2026 e il pagamento è in ritardo di 10 giorni. Prossimo passo: inviare un sollecito di pagamento a Esempio S.p.A.",
    "a paid invoice":
      "La fattura INV-2026-0042 di Studio Nord S.r.l., intestata a Esempio S.p.A., riguarda «Consulenza» e altre 2 voci. L'importo totale è di 2135,00\u00a0€, di cui 385,00\u00a0€ di IVA. È stata pagata per intero. Non sono necessarie altre azioni.",
    "a draft":
      "La bozza di fattura di Studio Nord S.r.l., intestata a Esempio S.p.A., riguarda «Consulenza» e altre 2 voci. L'importo totale è di 2135,00\u00a0€, di cui 385,00\u00a0€ di IVA. Prossimo passo: finalizzare la fattura.",
    "a partly paid invoice, viewed, not yet due":
      "La fattura INV-2026-0042 di Studio Nord S.r.l., intestata a Esempio S.p.A., riguarda «Consulenza» e altre 2 voci. L'importo totale è di 2135,00\u00a0€, di cui 385,00\u00a0€ di IVA. È stata inviata e il destinatario l'ha già visualizzata. Scade il 2 dicembre 2026, tra 10 giorni. Finora è stato pagato un importo di 500,00\u00a0€; resta da pagare un saldo di 1635,00\u00a0€. Prossimo passo: attendere il pagamento da parte di Esempio S.p.A.",
    "a credit note awaiting settlement":
      "La nota di credito CN-2026-0003 di Studio Nord S.r.l., intestata a Esempio S.p.A., riguarda «Consulenza». L'importo totale è di 1464,00\u00a0€, di cui 264,00\u00a0€ di IVA. È stata inviata. Scade il 2 dicembre 2026, tra 10 giorni. Prossimo passo: attendere che la nota di credito venga saldata.",
    "a sent quote":
      "Il preventivo Q-2026-0012 di Studio Nord S.r.l., intestato a Esempio S.p.A., riguarda «Consulenza» e altre 2 voci. L'importo totale è di 2135,00\u00a0€, di cui 385,00\u00a0€ di IVA. È stato inviato. La data di scadenza è il 2 dicembre 2026, tra 10 giorni. Prossimo passo: attendere una risposta da Esempio S.p.A.",
    "one more item, one day overdue":
      "La fattura INV-2026-0043 di Studio Nord S.r.l., intestata a Esempio S.p.A., riguarda «Consulenza» e un'altra voce. L'importo totale è di 1647,00\u00a0€, di cui 297,00\u00a0€ di IVA. È scaduta il 2 dicembre 2026 e il pagamento è in ritardo di 1 giorno. Prossimo passo: inviare un sollecito di pagamento a Esempio S.p.A.",
  },
  nl: {
    "a sent invoice past its due date":
      "De factuur INV-2026-0042 van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies” en nog 2 regels. Het totaalbedrag is €\u00a02.117,50, inclusief €\u00a0367,50 btw. De factuur is op 2 december 2026 vervallen; de betaling is 10 dagen te laat. Volgende stap: Voorbeeld N.V. een betalingsherinnering sturen.",
    "a paid invoice":
      "De factuur INV-2026-0042 van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies” en nog 2 regels. Het totaalbedrag is €\u00a02.117,50, inclusief €\u00a0367,50 btw. De factuur is volledig betaald. Er hoeft verder niets te gebeuren.",
    "a draft":
      "De conceptfactuur van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies” en nog 2 regels. Het totaalbedrag is €\u00a02.117,50, inclusief €\u00a0367,50 btw. Volgende stap: de factuur definitief maken.",
    "a partly paid invoice, viewed, not yet due":
      "De factuur INV-2026-0042 van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies” en nog 2 regels. Het totaalbedrag is €\u00a02.117,50, inclusief €\u00a0367,50 btw. De factuur is verstuurd en door de ontvanger bekeken. De vervaldatum is 2 december 2026, over 10 dagen. Tot nu toe is €\u00a0500,00 betaald; er staat nog €\u00a01.617,50 open. Volgende stap: de betaling van Voorbeeld N.V. afwachten.",
    "a credit note awaiting settlement":
      "De creditnota CN-2026-0003 van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies”. Het totaalbedrag is €\u00a01.452,00, inclusief €\u00a0252,00 btw. De creditnota is verstuurd. De vervaldatum is 2 december 2026, over 10 dagen. Volgende stap: de verrekening afwachten.",
    "a sent quote":
      "De offerte Q-2026-0012 van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies” en nog 2 regels. Het totaalbedrag is €\u00a02.117,50, inclusief €\u00a0367,50 btw. De offerte is verstuurd. De vervaldatum is 2 december 2026, over 10 dagen. Volgende stap: de reactie van Voorbeeld N.V. afwachten.",
    "one more item, one day overdue":
      "De factuur INV-2026-0043 van Studio Noord B.V. aan Voorbeeld N.V. betreft “Advies” en nog 1 regel. Het totaalbedrag is €\u00a01.633,50, inclusief €\u00a0283,50 btw. De factuur is op 2 december 2026 vervallen; de betaling is 1 dag te laat. Volgende stap: Voorbeeld N.V. een betalingsherinnering sturen.",
  },
  pt: {
    "a sent invoice past its due date":
      "A fatura INV-2026-0042 de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria» e a mais 2 linhas. O valor total é de 2152,50\u00a0€, incluindo 402,50\u00a0€ de IVA. Venceu a 2 de dezembro de 2026 e tem 10 dias de atraso. Próximo passo: enviar um lembrete de pagamento a Exemplo, S.A.",
    "a paid invoice":
      "A fatura INV-2026-0042 de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria» e a mais 2 linhas. O valor total é de 2152,50\u00a0€, incluindo 402,50\u00a0€ de IVA. Está totalmente paga. Não é necessária mais nenhuma ação.",
    "a draft":
      "O rascunho de fatura de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria» e a mais 2 linhas. O valor total é de 2152,50\u00a0€, incluindo 402,50\u00a0€ de IVA. Próximo passo: finalizar a fatura.",
    "a partly paid invoice, viewed, not yet due":
      "A fatura INV-2026-0042 de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria» e a mais 2 linhas. O valor total é de 2152,50\u00a0€, incluindo 402,50\u00a0€ de IVA. Foi enviada e o destinatário já a consultou. Vence a 2 de dezembro de 2026, daqui a 10 dias. Até agora foi pago um montante de 500,00\u00a0€; falta pagar 1652,50\u00a0€. Próximo passo: aguardar o pagamento de Exemplo, S.A.",
    "a credit note awaiting settlement":
      "A nota de crédito CN-2026-0003 de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria». O valor total é de 1476,00\u00a0€, incluindo 276,00\u00a0€ de IVA. Foi enviada. Vence a 2 de dezembro de 2026, daqui a 10 dias. Próximo passo: aguardar a liquidação da nota de crédito.",
    "a sent quote":
      "O orçamento Q-2026-0012 de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria» e a mais 2 linhas. O valor total é de 2152,50\u00a0€, incluindo 402,50\u00a0€ de IVA. Foi enviado. A data de vencimento é 2 de dezembro de 2026, daqui a 10 dias. Próximo passo: aguardar a resposta de Exemplo, S.A.",
    "one more item, one day overdue":
      "A fatura INV-2026-0043 de Estúdio Norte, Lda. para Exemplo, S.A. refere-se a «Consultoria» e a mais 1 linha. O valor total é de 1660,50\u00a0€, incluindo 310,50\u00a0€ de IVA. Venceu a 2 de dezembro de 2026 e tem 1 dia de atraso. Próximo passo: enviar um lembrete de pagamento a Exemplo, S.A.",
  },
  ja: {
    "a sent invoice past its due date":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての請求書（INV-2026-0042）で、内容は「コンサルティング」ほか2件です。合計金額は￥192,500（うち消費税￥17,500）です。支払期日（2026年12月2日）を10日過ぎています。株式会社サンプル商事へ支払いの督促をおすすめします。",
    "a paid invoice":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての請求書（INV-2026-0042）で、内容は「コンサルティング」ほか2件です。合計金額は￥192,500（うち消費税￥17,500）です。全額入金済みです。これ以上の対応は必要ありません。",
    "a draft":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての請求書の下書きで、内容は「コンサルティング」ほか2件です。合計金額は￥192,500（うち消費税￥17,500）です。次は確定が必要です。",
    "a partly paid invoice, viewed, not yet due":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての請求書（INV-2026-0042）で、内容は「コンサルティング」ほか2件です。合計金額は￥192,500（うち消費税￥17,500）です。送付済みで、先方が閲覧済みです。支払期日は2026年12月2日（あと10日）です。これまでに￥50,000が支払われ、残額は￥142,500です。現在は株式会社サンプル商事からの入金待ちです。",
    "a credit note awaiting settlement":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛てのクレジットノート（CN-2026-0003）で、内容は「コンサルティング」です。合計金額は￥132,000（うち消費税￥12,000）です。送付済みです。支払期日は2026年12月2日（あと10日）です。現在は精算待ちです。",
    "a sent quote":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての見積書（Q-2026-0012）で、内容は「コンサルティング」ほか2件です。合計金額は￥192,500（うち消費税￥17,500）です。送付済みです。期日は2026年12月2日（あと10日）です。現在は株式会社サンプル商事からの回答待ちです。",
    "one more item, one day overdue":
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての請求書（INV-2026-0043）で、内容は「コンサルティング」ほか1件です。合計金額は￥148,500（うち消費税￥13,500）です。支払期日（2026年12月2日）を1日過ぎています。株式会社サンプル商事へ支払いの督促をおすすめします。",
  },
};

describe("every language, every situation", () => {
  for (const [language, expected] of Object.entries(EXPECTED) as Array<[Language, Record<keyof typeof SITUATIONS, string>]>) {
    for (const [situation, make] of Object.entries(SITUATIONS) as Array<[keyof typeof SITUATIONS, (language: Language) => Situation]>) {
      test(`${language}: ${situation}`, () => {
        const { record, today } = make(language);
        const summary = summarizeInvoice(record, { today });
        expect(summary.text).toBe(expected[situation]);
        expect(summary.language).toBe(language);
      });
    }
  }
});

/** The other standings, chosen so gender and number must agree (a masculine quote, a feminine order …). */
const STANDINGS: Array<[name: string, type: InvoiceType, standing: (date: string) => Standing]> = [
  ["in review", "invoice", () => ({ kind: "review" })],
  ["approved", "purchase_order", () => ({ kind: "approved" })],
  ["finalized, still a draft", "quote", () => ({ kind: "draft", finalized: true })],
  ["void", "credit_note", () => ({ kind: "void" })],
  ["settled", "credit_note", () => ({ kind: "paid" })],
  ["past its date, never overdue", "quote", (date) => ({ kind: "lapsed", due: date })],
  ["viewed, due today", "purchase_order", (date) => ({ kind: "open", viewed: true, due: { date, days: null } })],
  ["sent, no due date", "quote", () => ({ kind: "open", viewed: false, due: null })],
  ["marked overdue, no due date", "invoice", () => ({ kind: "overdue", due: null, days: null })],
  ["marked overdue before its date", "credit_note", (date) => ({ kind: "overdue", due: date, days: null })],
];

/** The first of December as each language's default locale writes it; French and Italian make it an ordinal. */
const FIRST_OF_DECEMBER: Record<Language, string> = {
  en: "December 1, 2026",
  de: "1. Dezember 2026",
  fr: "1 décembre 2026",
  es: "1 de diciembre de 2026",
  it: "1 dicembre 2026",
  nl: "1 december 2026",
  pt: "1 de dezembro de 2026",
  ja: "2026年12月1日",
};

const PHRASES: Record<Language, SummaryPhrases> = { en, de, fr, es, it, nl, pt, ja };

const EXPECTED_STANDINGS: Record<Language, string[]> = {
  en: [
    "It is awaiting approval.",
    "It has been approved but not yet sent.",
    "It has been finalized but not yet sent.",
    "It has been voided.",
    "It has been settled in full.",
    "It has been sent; its due date, December 1, 2026, has passed.",
    "It has been sent and viewed; its due date is today, December 1, 2026.",
    "It has been sent.",
    "It is overdue.",
    "It is overdue; its due date is December 1, 2026.",
  ],
  de: [
    "Sie wartet auf Freigabe.",
    "Sie ist freigegeben, aber noch nicht versendet.",
    "Es ist festgeschrieben, aber noch nicht versendet.",
    "Sie wurde storniert.",
    "Sie ist vollständig ausgeglichen.",
    "Es wurde versendet; das Fälligkeitsdatum (1. Dezember 2026) ist bereits verstrichen.",
    "Sie wurde versendet und bereits angesehen. Das Fälligkeitsdatum ist heute, der 1. Dezember 2026.",
    "Es wurde versendet.",
    "Sie ist überfällig.",
    "Sie ist überfällig; das Fälligkeitsdatum ist der 1. Dezember 2026.",
  ],
  fr: [
    "Elle est en attente de validation.",
    "Il est validé mais pas encore envoyé.",
    "Il est finalisé mais pas encore envoyé.",
    "Il a été annulé.",
    "Il a été intégralement réglé.",
    "Il a été envoyé, mais sa date d'échéance, le 1er décembre 2026, est dépassée.",
    "Il a été envoyé et consulté par le destinataire. Sa date d'échéance est aujourd'hui, le 1er décembre 2026.",
    "Il a été envoyé.",
    "Elle est en retard de paiement.",
    "Il est en retard de paiement\u202f; son échéance est fixée au 1er décembre 2026.",
  ],
  es: [
    "Está pendiente de aprobación.",
    "Está aprobada, pero aún no se ha enviado.",
    "Está finalizado, pero aún no se ha enviado.",
    "Está anulada.",
    "Está liquidada en su totalidad.",
    "Se ha enviado, pero su fecha de vencimiento, el 1 de diciembre de 2026, ya ha pasado.",
    "Se ha enviado y el destinatario ya la ha visto. Su fecha de vencimiento es hoy, 1 de diciembre de 2026.",
    "Se ha enviado.",
    "Está vencida.",
    "Está vencida; su fecha de vencimiento es el 1 de diciembre de 2026.",
  ],
  it: [
    "È in attesa di approvazione.",
    "È stato approvato, ma non ancora inviato.",
    "È stato finalizzato, ma non ancora inviato.",
    "È stata annullata.",
    "È stata saldata per intero.",
    "È stato inviato, ma la data di scadenza, il 1° dicembre 2026, è già passata.",
    "È stato inviato e il destinatario l'ha già visualizzato. La data di scadenza è oggi, 1° dicembre 2026.",
    "È stato inviato.",
    "Risulta scaduta.",
    "Risulta scaduta; la data di scadenza è il 1° dicembre 2026.",
  ],
  nl: [
    "De factuur wacht op goedkeuring.",
    "De inkooporder is goedgekeurd, maar nog niet verstuurd.",
    "De offerte is definitief gemaakt, maar nog niet verstuurd.",
    "De creditnota is geannuleerd.",
    "De creditnota is volledig verrekend.",
    "De offerte is verstuurd, maar de vervaldatum (1 december 2026) is verstreken.",
    "De inkooporder is verstuurd en door de ontvanger bekeken. De vervaldatum is vandaag, 1 december 2026.",
    "De offerte is verstuurd.",
    "De factuur is vervallen.",
    "De creditnota is vervallen; de vervaldatum is 1 december 2026.",
  ],
  pt: [
    "Aguarda aprovação.",
    "Está aprovada, mas ainda não foi enviada.",
    "Está finalizado, mas ainda não foi enviado.",
    "Foi anulada.",
    "Está totalmente liquidada.",
    "Foi enviado, mas a data de vencimento (1 de dezembro de 2026) já passou.",
    "Foi enviada e o destinatário já a consultou. A data de vencimento é hoje, 1 de dezembro de 2026.",
    "Foi enviado.",
    "Está em atraso.",
    "Está em atraso; a data de vencimento é 1 de dezembro de 2026.",
  ],
  ja: [
    "承認待ちです。",
    "承認済みですが、まだ送付していません。",
    "確定済みですが、まだ送付していません。",
    "取り消し済みです。",
    "全額精算済みです。",
    "送付済みですが、期日（2026年12月1日）を過ぎています。",
    "送付済みで、先方が閲覧済みです。本日2026年12月1日が期日です。",
    "送付済みです。",
    "支払期限を過ぎています。",
    "支払期限を過ぎています（支払期日：2026年12月1日）。",
  ],
};

describe("the other standings, agreeing in gender and number", () => {
  for (const [language, expected] of Object.entries(EXPECTED_STANDINGS) as Array<[Language, string[]]>) {
    test(language, () => {
      const said = STANDINGS.map(([, type, standing]) => PHRASES[language].standing({ type, standing: standing(FIRST_OF_DECEMBER[language]) }));
      expect(said).toEqual(expected);
    });
  }
});

describe("facts", () => {
  const invoice = build("en", { number: "INV-2026-0042" });
  const creditNote = build("en", { type: "credit_note", number: "CN-2026-0003" }, 1);
  const quote = build("en", { type: "quote", number: "Q-2026-0012" });
  const order = build("en", { type: "purchase_order", number: "PO-2026-0007" });
  const undated = { ...invoice, due_date: null };
  type Timing = Pick<InvoiceFacts, "days_overdue" | "days_until_due" | "next_action">;
  const timing = (days_overdue: number | null, days_until_due: number | null, next_action: InvoiceFacts["next_action"]): Timing => ({
    days_overdue,
    days_until_due,
    next_action,
  });
  const cases: Array<[name: string, record: InvoiceRecord, today: string, expected: Timing]> = [
    ["draft", build("en"), ISSUED, timing(null, null, "finalize")],
    ["draft already finalized: finalizing again is refused, sending is next", { ...invoice, locked: true }, ISSUED, timing(null, null, "send")],
    ["review", moved(invoice, "review"), ISSUED, timing(null, null, "approve")],
    ["approved", moved(invoice, "approved"), ISSUED, timing(null, null, "send")],
    ["sent, 10 days to go", moved(invoice, "sent"), "2026-11-22", timing(null, 10, "await_payment")],
    ["sent, due today", moved(invoice, "sent"), DUE, timing(null, 0, "await_payment")],
    ["sent, 10 days late (not yet marked overdue)", moved(invoice, "sent"), "2026-12-12", timing(10, null, "remind")],
    ["sent, no due date", moved(undated, "sent"), "2026-12-12", timing(null, null, "await_payment")],
    ["viewed, 1 day to go", moved(invoice, "viewed"), "2026-12-01", timing(null, 1, "await_payment")],
    ["viewed, 1 day late", moved(invoice, "viewed"), "2026-12-03", timing(1, null, "remind")],
    ["overdue", moved(invoice, "overdue"), "2026-12-12", timing(10, null, "remind")],
    ["overdue, no due date", moved(undated, "overdue"), "2026-12-12", timing(null, null, "remind")],
    ["paid, read after its due date", moved(invoice, "paid"), "2026-12-12", timing(null, null, "none")],
    ["void, read after its due date", moved(invoice, "void"), "2026-12-12", timing(null, null, "none")],
    ["credit note sent", moved(creditNote, "sent"), "2026-11-22", timing(null, 10, "await_payment")],
    ["credit note late", moved(creditNote, "sent"), "2026-12-12", timing(10, null, "remind")],
    ["quote sent", moved(quote, "sent"), "2026-11-22", timing(null, 10, "await_response")],
    ["quote viewed past its date: never overdue, but worth a follow-up", moved(quote, "viewed"), "2026-12-12", timing(null, null, "remind")],
    ["purchase order sent", moved(order, "sent"), "2026-11-22", timing(null, 10, "await_response")],
    ["purchase order past its date", moved(order, "sent"), "2026-12-12", timing(null, null, "remind")],
  ];

  for (const [name, record, today, expected] of cases) {
    test(name, () => {
      const { days_overdue, days_until_due, next_action } = summarizeInvoice(record, { today }).facts;
      expect({ days_overdue, days_until_due, next_action }).toEqual(expected);
    });
  }

  test("every figure is the record's own, amounts in minor units", () => {
    const record = partlyPaid(moved(invoice, "viewed"), 50_000);
    expect(summarizeInvoice(record, { today: "2026-12-12" }).facts).toEqual({
      type: "invoice",
      status: "viewed",
      number: "INV-2026-0042",
      from: "Northwind Studio Ltd",
      to: "Globex Ltd",
      currency: "GBP",
      subtotal: 175_000,
      tax: 35_000,
      total: 210_000,
      amount_paid: 50_000,
      amount_due: 160_000,
      issue_date: ISSUED,
      due_date: DUE,
      days_overdue: 10,
      days_until_due: null,
      items: 3,
      next_action: "remind",
    });
  });
});

describe("language and layout", () => {
  const german = moved(build("de", { number: "INV-2026-0042" }), "sent");
  const today = "2026-11-22";

  test("a language without phrases (sv) falls back to English, laid out for en-US", () => {
    const swedish = moved(build("en", { number: "F-2026-0042", locale: "sv-SE", currency: "SEK", bill_to_name: "Exempel AB" }), "sent");
    const summary = summarizeInvoice(swedish, { today });
    expect(summary.language).toBe("en");
    expect(summary.text).toBe(
      "Invoice F-2026-0042 from Northwind Studio Ltd to Exempel AB for “Consulting” and 2 more items. The total is SEK\u00a02,100.00 including SEK\u00a0350.00 VAT. It has been sent and is due on December 2, 2026, in 10 days. Next step: wait for payment from Exempel AB.",
    );
    expect(summarizeInvoice(german, { today, language: "sv" }).language).toBe("en");
    expect(summarizeInvoice(german, { today, language: "not a tag" }).language).toBe("en");
  });

  test("the language option overrides the invoice's locale; numbers and dates follow that language's default", () => {
    const english = summarizeInvoice(german, { today, language: "en" });
    expect(english.language).toBe("en");
    expect(english.text).toBe(
      "Invoice INV-2026-0042 from Nordlicht Studio GmbH to Beispiel AG for “Beratung” and 2 more items. The total is €2,082.50 including €332.50 VAT. It has been sent and is due on December 2, 2026, in 10 days. Next step: wait for payment from Beispiel AG.",
    );
    const japanese = summarizeInvoice(german, { today, language: "ja-JP" });
    expect(japanese.language).toBe("ja");
    expect(japanese.text).toBe(
      "Nordlicht Studio GmbHからBeispiel AG宛ての請求書（INV-2026-0042）で、内容は「Beratung」ほか2件です。合計金額は€2,082.50（うち消費税€332.50）です。送付済みです。支払期日は2026年12月2日（あと10日）です。現在はBeispiel AGからの入金待ちです。",
    );
  });

  test("a locale that speaks the summary's language keeps its own layout (de-AT, even when de-CH is asked for)", () => {
    const austrian = moved(build("de", { number: "INV-2026-0042", locale: "de-AT" }), "sent");
    const expected =
      "Die Rechnung INV-2026-0042 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“ und 2 weitere Positionen. Der Gesamtbetrag beläuft sich auf €\u00a02.082,50 einschließlich €\u00a0332,50 MwSt. Sie wurde versendet. Fällig ist sie in 10 Tagen, am 2. Dezember 2026. Nächster Schritt: den Zahlungseingang von Beispiel AG abwarten.";
    expect(summarizeInvoice(austrian, { today }).text).toBe(expected);
    expect(summarizeInvoice(austrian, { today, language: "de-CH" }).text).toBe(expected);
  });
});

describe("details", () => {
  test("no tax: just the total", () => {
    const untaxed = (language: Language): string =>
      summarizeInvoice(moved(build(language, { number: "INV-2026-0044", tax_rate: null }, 1), "sent"), { today: ISSUED }).text;
    expect(untaxed("en")).toBe(
      "Invoice INV-2026-0044 from Northwind Studio Ltd to Globex Ltd for “Consulting”. The total is £1,200.00. It has been sent and is due on 2 December 2026, in 30 days. Next step: wait for payment from Globex Ltd.",
    );
    expect(untaxed("de")).toBe(
      "Die Rechnung INV-2026-0044 von Nordlicht Studio GmbH an Beispiel AG betrifft „Beratung“. Der Gesamtbetrag beläuft sich auf 1.200,00\u00a0€. Sie wurde versendet. Fällig ist sie in 30 Tagen, am 2. Dezember 2026. Nächster Schritt: den Zahlungseingang von Beispiel AG abwarten.",
    );
    expect(untaxed("ja")).toBe(
      "ノルド・スタジオ株式会社から株式会社サンプル商事宛ての請求書（INV-2026-0044）で、内容は「コンサルティング」です。合計金額は￥120,000です。送付済みです。支払期日は2026年12月2日（あと30日）です。現在は株式会社サンプル商事からの入金待ちです。",
    );
  });

  test("a long description is put on one line and cut at a word", () => {
    const description = "  Strategy workshop\n\twith the   whole leadership team, including preparation, facilitation, a written summary and follow-up calls";
    const record = build("en", { items: [{ description, rate: 100_000 }] });
    expect(summarizeInvoice(record, { today: ISSUED }).text).toBe(
      "Draft invoice from Northwind Studio Ltd to Globex Ltd for “Strategy workshop with the whole leadership team, including preparation…”. The total is £1,200.00 including £200.00 VAT. Next step: finalize it.",
    );
  });

  test("a draft with no lines yet says so", () => {
    const record = build("fr", { type: "credit_note", items: [] });
    expect(summarizeInvoice(record, { today: ISSUED }).text).toBe(
      "Le brouillon d'avoir, établi par Atelier Lumière SARL pour Société Exemple SA, ne comporte encore aucune ligne. Le montant total s'élève à 0,00\u00a0€. Prochaine étape\u202f: finaliser l'avoir.",
    );
  });

  test("a name ending in an abbreviation lends its period to the sentence", () => {
    const text = summarizeInvoice(moved(build("en", { number: "INV-2026-0045", bill_to_name: "Acme Corp." }), "sent"), { today: "2026-11-22" }).text;
    expect(text.endsWith("Next step: wait for payment from Acme Corp.")).toBe(true);
    expect(text).not.toContain("..");
  });
});
