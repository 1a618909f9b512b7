// The words of the e-mails the service sends, per language: the eight render/labels and
// render/summary speak. `MailPhrases` is the key set, so a language that misses a sentence fails tsc.
// Values arrive formatted for the invoice's locale (amounts, dates); `title` is the labels' document
// title ("Rechnung"), `ours` the document with the language's possessive ("unsere Rechnung").
import type { InvoiceType } from "../../domain/lifecycle.ts";

export type Facts = { ours: string; number: string; amount: string; due: string | null };

export type MailPhrases = {
  ours: Record<InvoiceType, string>;
  greeting(name: string): string;
  subject(title: string, number: string, from: string): string;
  /** The opening of a sent document. */
  sent(facts: Facts): string;
  reminderSubject(title: string, number: string, due: string, overdue: boolean): string;
  /** A reminder before (or on) the due date; reminders only go for invoices. */
  dueSoon(facts: Facts & { due: string }): string;
  /** A reminder after the due date. */
  overdue(facts: Facts & { due: string }): string;
  viewOnline: string;
  closing: string;
};

const en: MailPhrases = {
  ours: { invoice: "our invoice", credit_note: "our credit note", quote: "our quote", purchase_order: "our purchase order" },
  greeting: (name) => `Hello ${name},`,
  subject: (title, number, from) => `${title} ${number} from ${from}`,
  sent: ({ ours, number, amount, due }) => `Here is ${ours} ${number} for ${amount}${due ? `, due on ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Overdue: ${title} ${number} was due on ${due}` : `Reminder: ${title} ${number} is due on ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `This is a friendly reminder that ${ours} ${number} for ${amount} is due on ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `According to our records, ${ours} ${number} for ${amount} was due on ${due} and has not been paid yet. If you have already paid, please disregard this message.`,
  viewOnline: "View and download it online:",
  closing: "Kind regards,",
};

// German business letters go on in lower case after the comma of the greeting.
const de: MailPhrases = {
  ours: { invoice: "unsere Rechnung", credit_note: "unsere Rechnungskorrektur", quote: "unser Angebot", purchase_order: "unsere Bestellung" },
  greeting: (name) => `Guten Tag ${name},`,
  subject: (title, number, from) => `${title} ${number} von ${from}`,
  sent: ({ ours, number, amount, due }) => `hiermit erhalten Sie ${ours} ${number} über ${amount}${due ? `, fällig am ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Zahlungserinnerung: ${title} ${number}, fällig seit ${due}` : `Erinnerung: ${title} ${number}, fällig am ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `wir möchten Sie freundlich daran erinnern, dass ${ours} ${number} über ${amount} am ${due} fällig ist.`,
  overdue: ({ ours, number, amount, due }) =>
    `laut unseren Unterlagen ist ${ours} ${number} über ${amount} seit dem ${due} fällig und noch nicht beglichen. Sollten Sie bereits bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.`,
  viewOnline: "Online ansehen und herunterladen:",
  closing: "Mit freundlichen Grüßen",
};

const fr: MailPhrases = {
  ours: { invoice: "notre facture", credit_note: "notre avoir", quote: "notre devis", purchase_order: "notre bon de commande" },
  greeting: (name) => `Bonjour ${name},`,
  subject: (title, number, from) => `${title} ${number} de ${from}`,
  sent: ({ ours, number, amount, due }) => `Voici ${ours} ${number} d’un montant de ${amount}${due ? `, à régler au plus tard le ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Relance : ${title} ${number}, échéance du ${due} dépassée` : `Rappel : ${title} ${number}, échéance le ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Nous vous rappelons que ${ours} ${number} d’un montant de ${amount} arrive à échéance le ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Sauf erreur de notre part, ${ours} ${number} d’un montant de ${amount}, échue le ${due}, reste impayée. Si vous avez déjà effectué le règlement, merci de ne pas tenir compte de ce message.`,
  viewOnline: "Consulter et télécharger en ligne :",
  closing: "Cordialement,",
};

const es: MailPhrases = {
  ours: { invoice: "nuestra factura", credit_note: "nuestra factura rectificativa", quote: "nuestro presupuesto", purchase_order: "nuestra orden de compra" },
  greeting: (name) => `Buenos días, ${name}:`,
  subject: (title, number, from) => `${title} ${number} de ${from}`,
  sent: ({ ours, number, amount, due }) => `Le enviamos ${ours} ${number} por un importe de ${amount}${due ? `, con vencimiento el ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Pago pendiente: ${title} ${number}, vencida el ${due}` : `Recordatorio: ${title} ${number} vence el ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Le recordamos que ${ours} ${number} por un importe de ${amount} vence el ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Según nuestros registros, ${ours} ${number} por un importe de ${amount} venció el ${due} y sigue pendiente de pago. Si ya la ha pagado, le rogamos que ignore este mensaje.`,
  viewOnline: "Consultar y descargar en línea:",
  closing: "Atentamente,",
};

const it: MailPhrases = {
  ours: { invoice: "la nostra fattura", credit_note: "la nostra nota di credito", quote: "il nostro preventivo", purchase_order: "il nostro ordine d’acquisto" },
  greeting: (name) => `Gentile ${name},`,
  subject: (title, number, from) => `${title} ${number} da ${from}`,
  sent: ({ ours, number, amount, due }) => `Le inviamo ${ours} ${number} di ${amount}${due ? `, con scadenza il ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Sollecito: ${title} ${number} scaduta il ${due}` : `Promemoria: ${title} ${number} in scadenza il ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Le ricordiamo che ${ours} ${number} di ${amount} scade il ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Dai nostri registri risulta che ${ours} ${number} di ${amount}, scaduta il ${due}, non è ancora stata pagata. Se ha già provveduto al pagamento, La preghiamo di ignorare questo messaggio.`,
  viewOnline: "Visualizza e scarica online:",
  closing: "Cordiali saluti,",
};

const nl: MailPhrases = {
  ours: { invoice: "onze factuur", credit_note: "onze creditnota", quote: "onze offerte", purchase_order: "onze inkooporder" },
  greeting: (name) => `Beste ${name},`,
  subject: (title, number, from) => `${title} ${number} van ${from}`,
  sent: ({ ours, number, amount, due }) => `Hierbij ontvangt u ${ours} ${number} van ${amount}${due ? `, te betalen uiterlijk ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Betalingsherinnering: ${title} ${number}, vervallen op ${due}` : `Herinnering: ${title} ${number} vervalt op ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Graag herinneren wij u eraan dat ${ours} ${number} van ${amount} op ${due} vervalt.`,
  overdue: ({ ours, number, amount, due }) =>
    `Volgens onze administratie is ${ours} ${number} van ${amount} op ${due} vervallen en nog niet betaald. Heeft u inmiddels betaald, dan kunt u dit bericht als niet verzonden beschouwen.`,
  viewOnline: "Online bekijken en downloaden:",
  closing: "Met vriendelijke groet,",
};

// European Portuguese, like the labels and the summaries (fatura, descarregar).
const pt: MailPhrases = {
  ours: { invoice: "a nossa fatura", credit_note: "a nossa nota de crédito", quote: "o nosso orçamento", purchase_order: "a nossa nota de encomenda" },
  greeting: (name) => `Caro(a) ${name},`,
  subject: (title, number, from) => `${title} ${number} de ${from}`,
  sent: ({ ours, number, amount, due }) => `Enviamos ${ours} ${number} no valor de ${amount}${due ? `, com vencimento a ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Pagamento em atraso: ${title} ${number}, vencida a ${due}` : `Lembrete: ${title} ${number} vence a ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Lembramos que ${ours} ${number} no valor de ${amount} vence a ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Segundo os nossos registos, ${ours} ${number} no valor de ${amount} venceu a ${due} e ainda não foi paga. Se já efetuou o pagamento, por favor ignore esta mensagem.`,
  viewOnline: "Ver e descarregar online:",
  closing: "Com os melhores cumprimentos,",
};

const ja: MailPhrases = {
  ours: { invoice: "請求書", credit_note: "訂正請求書", quote: "見積書", purchase_order: "注文書" },
  greeting: (name) => `${name} 様`,
  subject: (title, number, from) => `【${from}】${title}（${number}）のご送付`,
  sent: ({ ours, number, amount, due }) => `${ours}（${number}）をお送りいたします。金額：${amount}${due ? `、お支払期限：${due}` : ""}。`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `【お支払いのお願い】${title}（${number}）期限：${due}` : `【お支払期限のお知らせ】${title}（${number}）期限：${due}`),
  dueSoon: ({ ours, number, amount, due }) => `${ours}（${number}、金額：${amount}）のお支払期限は${due}です。`,
  overdue: ({ ours, number, amount, due }) =>
    `${ours}（${number}、金額：${amount}）のお支払期限（${due}）を過ぎておりますが、まだご入金を確認できておりません。すでにお支払い済みの場合は、本メールを破棄してください。`,
  viewOnline: "オンラインで表示・ダウンロード：",
  closing: "よろしくお願いいたします。",
};

export const MAIL_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, MailPhrases>;
