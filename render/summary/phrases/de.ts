import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { de as labels } from "../../labels/de.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;

// Rechnung, Rechnungskorrektur and Bestellung are feminine, Angebot neuter; nominative and accusative
// agree for both, so one article serves the subject and the object.
const NEUTER: ReadonlySet<InvoiceType> = new Set(["quote"]);
const the = (type: InvoiceType): string => `${NEUTER.has(type) ? "das" : "die"} ${title[type]}`;
const pronoun = (type: InvoiceType): string => (NEUTER.has(type) ? "Es" : "Sie");
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** After "seit" and "in" the dative: "seit 1 Tag", "in 5 Tagen". */
const days = (count: Count): string => `${count.text} ${plural(count, { one: "Tag", other: "Tagen" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "Rechnung", other: "Rechnungen" })}`;

function lines(item: string, more: Count | null): string {
  return `„${item}“${more ? ` und ${more.text} ${plural(more, { one: "weitere Position", other: "weitere Positionen" })}` : ""}`;
}

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  const subject = `${capital(the(type))}${number === null ? "" : ` ${number}`} von ${from} an ${to}`;
  if (number === null) {
    return item === null ? `${subject} ist noch ein Entwurf ohne Positionen.` : `${subject} ist noch ein Entwurf; ${pronoun(type).toLowerCase()} betrifft ${lines(item, more)}.`;
  }
  return item === null ? `${subject} enthält noch keine Positionen.` : `${subject} betrifft ${lines(item, more)}.`;
}

function dueAhead(type: InvoiceType, due: DueAhead): string {
  if (!isPayable(type)) return due.days ? `Das Fälligkeitsdatum ist der ${due.date}, in ${days(due.days)}.` : `Das Fälligkeitsdatum ist heute, der ${due.date}.`;
  const it = pronoun(type).toLowerCase();
  return due.days ? `Fällig ist ${it} in ${days(due.days)}, am ${due.date}.` : `Fällig ist ${it} heute, am ${due.date}.`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  const it = pronoun(type);
  switch (standing.kind) {
    // "Festgeschrieben" is what German bookkeeping (GoBD) calls a document that can no longer change.
    case "draft":
      return standing.finalized ? `${it} ist festgeschrieben, aber noch nicht versendet.` : `${it} ist noch ein Entwurf.`;
    case "review":
      return `${it} wartet auf Freigabe.`;
    case "approved":
      return `${it} ist freigegeben, aber noch nicht versendet.`;
    case "open": {
      const sent = `${it} wurde versendet${standing.viewed ? " und bereits angesehen" : ""}.`;
      return standing.due ? `${sent} ${dueAhead(type, standing.due)}` : sent;
    }
    case "overdue":
      if (standing.due && standing.days) return `${it} war am ${standing.due} fällig und ist seit ${days(standing.days)} überfällig.`;
      return standing.due ? `${it} ist überfällig; das Fälligkeitsdatum ist der ${standing.due}.` : `${it} ist überfällig.`;
    case "lapsed":
      return `${it} wurde versendet; das Fälligkeitsdatum (${standing.due}) ist bereits verstrichen.`;
    case "paid":
      return type === "credit_note" ? `${it} ist vollständig ausgeglichen.` : `${it} ist vollständig bezahlt.`;
    case "void":
      return `${it} wurde storniert.`;
  }
}

const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "Entwurf", other: "Entwürfe" })}`,
  review: (count) => `${count.text} in Prüfung`,
  approved: (count) => `${count.text} freigegeben`,
  open: (count) => `${count.text} offen`,
  paid: (count) => `${count.text} bezahlt`,
  void: (count) => `${count.text} storniert`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["Entwurf", "alle Entwürfe"],
  review: ["in Prüfung", "alle in Prüfung"],
  approved: ["freigegeben", "alle freigegeben"],
  open: ["offen", "alle offen"],
  paid: ["bezahlt", "alle bezahlt"],
  void: ["storniert", "alle storniert"],
};

function overdue(figures: SetOverdue): string {
  const { count, amount, oldest } = figures;
  if (count.value === 1) return `${count.text}${oldest ? ` seit ${days(oldest)}` : ""} überfällig mit ${amount}`;
  return `${count.text} überfällig mit insgesamt ${amount}${oldest ? `, die älteste seit ${days(oldest)}` : ""}`;
}

const toClient = (client: string | null): string => (client ? ` an ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const de: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  // "MwSt." ends the sentence with its own period.
  total: ({ total, tax }) => (tax ? `Der Gesamtbetrag beläuft sich auf ${total} einschließlich ${tax} MwSt.` : `Der Gesamtbetrag beläuft sich auf ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  // A singular subject for each amount: "wurden 1,00 €" and "wurde 500,00 €" both read wrong.
  partlyPaid: ({ paid, due }) => `Bisher wurde ein Teilbetrag von ${paid} gezahlt; der Restbetrag von ${due} ist noch offen.`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return `Nächster Schritt: ${the(type)} festschreiben.`;
      case "approve":
        return `Nächster Schritt: ${the(type)} freigeben.`;
      case "send":
        return `Nächster Schritt: ${the(type)} an ${to} versenden.`;
      case "await_payment":
        return type === "credit_note" ? "Nächster Schritt: den Ausgleich abwarten." : `Nächster Schritt: den Zahlungseingang von ${to} abwarten.`;
      case "await_response":
        return `Nächster Schritt: die Rückmeldung von ${to} abwarten.`;
      case "remind":
        return type === "invoice" ? `Nächster Schritt: ${to} eine Zahlungserinnerung senden.` : `Nächster Schritt: bei ${to} nachfassen.`;
      case "none":
        return "Es ist nichts weiter zu tun.";
    }
  },
  set: {
    none: (client) => stop(`Es gibt keine passenden Rechnungen${toClient(client)}`),
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client)}${inParentheses(groups)}${late ? `, davon ${overdue(late)}` : ""}`;
      return `${stop(head)} ${due ? `Der offene Betrag beläuft sich auf ${due}.` : "Es ist nichts mehr offen."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client)} in ${currencies.text} Währungen${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}: ${invoices(count)}, ${due ? `noch ${due} offen` : "nichts mehr offen"}${late ? `; ${overdue(late)}` : ""}.`,
  },
};
