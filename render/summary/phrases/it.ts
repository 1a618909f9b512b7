import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { it as labels } from "../../labels/it.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;
const noun = (type: InvoiceType): string => title[type].toLowerCase();

// Fattura and nota di credito are feminine; preventivo and ordine d'acquisto masculine, ordine eliding its article.
const FEMININE: ReadonlySet<InvoiceType> = new Set(["invoice", "credit_note"]);
const THE: Record<InvoiceType, string> = {
  invoice: `la ${noun("invoice")}`,
  credit_note: `la ${noun("credit_note")}`,
  quote: `il ${noun("quote")}`,
  purchase_order: `l'${noun("purchase_order")}`,
};
/** The participle's ending, agreeing with the document: "inviata", "inviato". */
const a = (type: InvoiceType): string => (FEMININE.has(type) ? "a" : "o");
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Intl writes "1 dicembre"; careful Italian writes the first of the month as "1° dicembre". */
const day = (date: string): string => date.replace(/^1 /, "1° ");

const days = (count: Count): string => `${count.text} ${plural(count, { one: "giorno", other: "giorni" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "fattura", other: "fatture" })}`;

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  // A draft is "la bozza", feminine whatever the document.
  const subject =
    number === null ? `La bozza di ${noun(type)} di ${from}, intestata a ${to},` : `${capital(THE[type])} ${number} di ${from}, intestat${a(type)} a ${to},`;
  if (item === null) return `${subject} non contiene ancora voci.`;
  // Italian says "un'altra voce" rather than "1 altra voce".
  const others = more ? ` ${plural(more, { one: "e un'altra voce", other: `e altre ${more.text} voci` })}` : "";
  return `${subject} riguarda «${item}»${others}.`;
}

function dueAhead(type: InvoiceType, due: DueAhead): string {
  const date = day(due.date);
  if (!isPayable(type)) return due.days ? `La data di scadenza è il ${date}, tra ${days(due.days)}.` : `La data di scadenza è oggi, ${date}.`;
  return due.days ? `Scade il ${date}, tra ${days(due.days)}.` : `Scade oggi, ${date}.`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  const agree = a(type);
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? `È stat${agree} finalizzat${agree}, ma non ancora inviat${agree}.` : "È ancora una bozza.";
    case "review":
      return "È in attesa di approvazione.";
    case "approved":
      return `È stat${agree} approvat${agree}, ma non ancora inviat${agree}.`;
    case "open": {
      const sent = `È stat${agree} inviat${agree}${standing.viewed ? ` e il destinatario l'ha già visualizzat${agree}` : ""}.`;
      return standing.due ? `${sent} ${dueAhead(type, standing.due)}` : sent;
    }
    case "overdue":
      if (standing.due && standing.days) return `È scadut${agree} il ${day(standing.due)} e il pagamento è in ritardo di ${days(standing.days)}.`;
      return standing.due ? `Risulta scadut${agree}; la data di scadenza è il ${day(standing.due)}.` : `Risulta scadut${agree}.`;
    case "lapsed":
      return `È stat${agree} inviat${agree}, ma la data di scadenza, il ${day(standing.due)}, è già passata.`;
    case "paid":
      return type === "credit_note" ? `È stat${agree} saldat${agree} per intero.` : `È stat${agree} pagat${agree} per intero.`;
    case "void":
      return `È stat${agree} annullat${agree}.`;
  }
}

// Agreeing with "fatture": "1 pagata", "2 pagate".
const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "bozza", other: "bozze" })}`,
  review: (count) => `${count.text} in attesa di approvazione`,
  approved: (count) => `${count.text} ${plural(count, { one: "approvata", other: "approvate" })}`,
  open: (count) => `${count.text} ${plural(count, { one: "aperta", other: "aperte" })}`,
  paid: (count) => `${count.text} ${plural(count, { one: "pagata", other: "pagate" })}`,
  void: (count) => `${count.text} ${plural(count, { one: "annullata", other: "annullate" })}`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["in bozza", "tutte in bozza"],
  review: ["in attesa di approvazione", "tutte in attesa di approvazione"],
  approved: ["approvata", "tutte approvate"],
  open: ["aperta", "tutte aperte"],
  paid: ["pagata", "tutte pagate"],
  void: ["annullata", "tutte annullate"],
};

function overdue(figures: SetOverdue): string {
  const { count, amount, oldest } = figures;
  if (count.value === 1) return `${count.text} scaduta per ${amount}${oldest ? `, in ritardo di ${days(oldest)}` : ""}`;
  return `${count.text} scadute per un totale di ${amount}${oldest ? `, la più datata in ritardo di ${days(oldest)}` : ""}`;
}

const toClient = (client: string | null, count: Count): string => (client ? ` ${plural(count, { one: "intestata", other: "intestate" })} a ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const it: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  total: ({ total, tax }) => (tax ? `L'importo totale è di ${total}, di cui ${tax} di ${labels.tax}.` : `L'importo totale è di ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  // "Un importo di …" and "un saldo di …" keep the verbs singular whatever the amount.
  partlyPaid: ({ paid, due }) => `Finora è stato pagato un importo di ${paid}; resta da pagare un saldo di ${due}.`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return `Prossimo passo: finalizzare ${THE[type]}.`;
      case "approve":
        return `Prossimo passo: approvare ${THE[type]}.`;
      case "send":
        return stop(`Prossimo passo: inviare ${THE[type]} a ${to}`);
      case "await_payment":
        return type === "credit_note" ? `Prossimo passo: attendere che ${THE[type]} venga saldat${a(type)}.` : stop(`Prossimo passo: attendere il pagamento da parte di ${to}`);
      case "await_response":
        return stop(`Prossimo passo: attendere una risposta da ${to}`);
      case "remind":
        return type === "invoice" ? stop(`Prossimo passo: inviare un sollecito di pagamento a ${to}`) : stop(`Prossimo passo: ricontattare ${to}`);
      case "none":
        return "Non sono necessarie altre azioni.";
    }
  },
  set: {
    none: (client) => (client ? `Nessuna fattura intestata a ${client} corrisponde ai criteri.` : "Nessuna fattura corrisponde ai criteri."),
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client, count)}${inParentheses(groups)}${late ? `, di cui ${overdue(late)}` : ""}`;
      return `${stop(head)} ${due ? `Resta da incassare un importo di ${due}.` : "Non resta nulla da incassare."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client, count)} in ${currencies.text} valute${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}: ${invoices(count)}, ${due ? `${due} da incassare` : "nulla da incassare"}${late ? `; ${overdue(late)}` : ""}.`,
  },
};
