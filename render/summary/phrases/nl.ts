import type { InvoiceType } from "../../../server/domain/lifecycle.ts";
import { nl as labels } from "../../labels/nl.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;
const noun = (type: InvoiceType): string => title[type].toLowerCase();
// Factuur, creditnota, offerte and inkooporder are all de-words. Dutch repeats the noun where other
// languages use a pronoun: "hij" for a factuur reads oddly to many readers.
const the = (type: InvoiceType): string => `de ${noun(type)}`;
const The = (type: InvoiceType): string => `De ${noun(type)}`;

const days = (count: Count): string => `${count.text} ${plural(count, { one: "dag", other: "dagen" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "factuur", other: "facturen" })}`;

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  const subject = `${number === null ? `De concept${noun(type)}` : `${The(type)} ${number}`} van ${from} aan ${to}`;
  if (item === null) return `${subject} bevat nog geen regels.`;
  const others = more ? ` en nog ${more.text} ${plural(more, { one: "regel", other: "regels" })}` : "";
  return `${subject} betreft “${item}”${others}.`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  const it = The(type);
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? `${it} is definitief gemaakt, maar nog niet verstuurd.` : `${it} is nog een concept.`;
    case "review":
      return `${it} wacht op goedkeuring.`;
    case "approved":
      return `${it} is goedgekeurd, maar nog niet verstuurd.`;
    case "open": {
      // "Vervaldatum" is the label's word for every type, so quotes and orders read the same.
      const sent = `${it} is verstuurd${standing.viewed ? " en door de ontvanger bekeken" : ""}.`;
      if (!standing.due) return sent;
      const { date, days: left } = standing.due;
      return `${sent} ${left ? `De vervaldatum is ${date}, over ${days(left)}.` : `De vervaldatum is vandaag, ${date}.`}`;
    }
    case "overdue":
      if (standing.due && standing.days) return `${it} is op ${standing.due} vervallen; de betaling is ${days(standing.days)} te laat.`;
      return standing.due ? `${it} is vervallen; de vervaldatum is ${standing.due}.` : `${it} is vervallen.`;
    case "lapsed":
      return `${it} is verstuurd, maar de vervaldatum (${standing.due}) is verstreken.`;
    case "paid":
      return type === "credit_note" ? `${it} is volledig verrekend.` : `${it} is volledig betaald.`;
    case "void":
      return `${it} is geannuleerd.`;
  }
}

const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "concept", other: "concepten" })}`,
  review: (count) => `${count.text} ter goedkeuring`,
  approved: (count) => `${count.text} goedgekeurd`,
  open: (count) => `${count.text} openstaand`,
  paid: (count) => `${count.text} betaald`,
  void: (count) => `${count.text} geannuleerd`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["concept", "allemaal concept"],
  review: ["ter goedkeuring", "allemaal ter goedkeuring"],
  approved: ["goedgekeurd", "allemaal goedgekeurd"],
  open: ["openstaand", "allemaal openstaand"],
  paid: ["betaald", "allemaal betaald"],
  void: ["geannuleerd", "allemaal geannuleerd"],
};

function overdue(figures: SetOverdue): string {
  const { count, amount, oldest } = figures;
  if (count.value === 1) return `${count.text} vervallen voor ${amount}${oldest ? `, ${days(oldest)} te laat` : ""}`;
  return `${count.text} vervallen voor een totaal van ${amount}${oldest ? `, de oudste ${days(oldest)} te laat` : ""}`;
}

const toClient = (client: string | null): string => (client ? ` aan ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const nl: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  // The label starts a line ("Btw"); in running text btw is lower case.
  total: ({ total, tax }) => (tax ? `Het totaalbedrag is ${total}, inclusief ${tax} ${labels.tax.toLowerCase()}.` : `Het totaalbedrag is ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  partlyPaid: ({ paid, due }) => `Tot nu toe is ${paid} betaald; er staat nog ${due} open.`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return `Volgende stap: ${the(type)} definitief maken.`;
      case "approve":
        return `Volgende stap: ${the(type)} goedkeuren.`;
      case "send":
        return `Volgende stap: ${the(type)} naar ${to} versturen.`;
      case "await_payment":
        return type === "credit_note" ? "Volgende stap: de verrekening afwachten." : `Volgende stap: de betaling van ${to} afwachten.`;
      case "await_response":
        return `Volgende stap: de reactie van ${to} afwachten.`;
      case "remind":
        return type === "invoice" ? `Volgende stap: ${to} een betalingsherinnering sturen.` : stop(`Volgende stap: contact opnemen met ${to}`);
      case "none":
        return "Er hoeft verder niets te gebeuren.";
    }
  },
  set: {
    none: (client) => `Er zijn geen facturen${toClient(client)} die aan de criteria voldoen.`,
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client)}${inParentheses(groups)}${late ? `, waarvan ${overdue(late)}` : ""}`;
      return `${stop(head)} ${due ? `Er staat nog ${due} open.` : "Er staat niets meer open."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client)} in ${currencies.text} valuta's${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}: ${invoices(count)}, ${due ? `nog ${due} open` : "niets meer open"}${late ? `; ${overdue(late)}` : ""}.`,
  },
};
