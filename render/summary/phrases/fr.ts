import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { fr as labels } from "../../labels/fr.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;
const noun = (type: InvoiceType): string => title[type].toLowerCase();

// French typography: a narrow no-break space inside guillemets and before ; and :, as the labels do.
const NNBSP = "\u202f";

// Facture is feminine; avoir, devis and bon de commande masculine. Avoir elides its article.
const FEMININE: ReadonlySet<InvoiceType> = new Set(["invoice"]);
const THE: Record<InvoiceType, string> = {
  invoice: `la ${noun("invoice")}`,
  credit_note: `l'${noun("credit_note")}`,
  quote: `le ${noun("quote")}`,
  purchase_order: `le ${noun("purchase_order")}`,
};
const DRAFT_OF: Record<InvoiceType, string> = {
  invoice: `le brouillon de ${noun("invoice")}`,
  credit_note: `le brouillon d'${noun("credit_note")}`,
  quote: `le brouillon de ${noun("quote")}`,
  purchase_order: `le brouillon de ${noun("purchase_order")}`,
};
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const pronoun = (type: InvoiceType): string => (FEMININE.has(type) ? "Elle" : "Il");
/** The past participle's agreement with the document: "envoyée", "envoyé". */
const e = (type: InvoiceType): string => (FEMININE.has(type) ? "e" : "");

/** Intl writes "1 décembre"; French writes the first of the month as an ordinal, "1er décembre". */
const day = (date: string): string => date.replace(/^1 /, "1er ");

const days = (count: Count): string => `${count.text} ${plural(count, { one: "jour", other: "jours" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "facture", other: "factures" })}`;
const quoted = (text: string): string => `«${NNBSP}${text}${NNBSP}»`;

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  // "Établi par … pour …" fits a draft as well as an issued document, and never elides before a name.
  const subject =
    number === null ? `${capital(DRAFT_OF[type])}, établi par ${from} pour ${to},` : `${capital(THE[type])} ${number}, établi${e(type)} par ${from} pour ${to},`;
  if (item === null) return `${subject} ne comporte encore aucune ligne.`;
  const others = more ? ` et ${more.text} ${plural(more, { one: "autre ligne", other: "autres lignes" })}` : "";
  return `${subject} porte sur ${quoted(item)}${others}.`;
}

function dueAhead(type: InvoiceType, due: DueAhead): string {
  const date = day(due.date);
  if (!isPayable(type)) return due.days ? `Sa date d'échéance est fixée au ${date}, dans ${days(due.days)}.` : `Sa date d'échéance est aujourd'hui, le ${date}.`;
  const it = pronoun(type);
  return due.days ? `${it} arrive à échéance le ${date}, dans ${days(due.days)}.` : `${it} arrive à échéance aujourd'hui, le ${date}.`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  const it = pronoun(type);
  const agree = e(type);
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? `${it} est finalisé${agree} mais pas encore envoyé${agree}.` : `${it} est encore à l'état de brouillon.`;
    case "review":
      return `${it} est en attente de validation.`;
    case "approved":
      return `${it} est validé${agree} mais pas encore envoyé${agree}.`;
    case "open": {
      const sent = `${it} a été envoyé${agree}${standing.viewed ? ` et consulté${agree} par le destinataire` : ""}.`;
      return standing.due ? `${sent} ${dueAhead(type, standing.due)}` : sent;
    }
    case "overdue":
      if (standing.due && standing.days) return `${it} est arrivé${agree} à échéance le ${day(standing.due)} et accuse ${days(standing.days)} de retard.`;
      return standing.due ? `${it} est en retard de paiement${NNBSP}; son échéance est fixée au ${day(standing.due)}.` : `${it} est en retard de paiement.`;
    case "lapsed":
      return `${it} a été envoyé${agree}, mais sa date d'échéance, le ${day(standing.due)}, est dépassée.`;
    case "paid":
      return type === "credit_note" ? `${it} a été intégralement réglé${agree}.` : `${it} a été intégralement payé${agree}.`;
    case "void":
      return `${it} a été annulé${agree}.`;
  }
}

// Agreeing with "factures": "1 payée", "2 payées".
const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "brouillon", other: "brouillons" })}`,
  review: (count) => `${count.text} en attente de validation`,
  approved: (count) => `${count.text} ${plural(count, { one: "validée", other: "validées" })}`,
  open: (count) => `${count.text} en cours`,
  paid: (count) => `${count.text} ${plural(count, { one: "payée", other: "payées" })}`,
  void: (count) => `${count.text} ${plural(count, { one: "annulée", other: "annulées" })}`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["brouillon", "toutes à l'état de brouillon"],
  review: ["en attente de validation", "toutes en attente de validation"],
  approved: ["validée", "toutes validées"],
  open: ["en cours", "toutes en cours"],
  paid: ["payée", "toutes payées"],
  void: ["annulée", "toutes annulées"],
};

function overdue(figures: SetOverdue): string {
  const { count, amount, oldest } = figures;
  if (count.value === 1) return `${count.text} en retard pour ${amount}${oldest ? `, depuis ${days(oldest)}` : ""}`;
  return `${count.text} en retard pour un total de ${amount}${oldest ? `, la plus ancienne depuis ${days(oldest)}` : ""}`;
}

const toClient = (client: string | null, count: Count): string => (client ? ` ${plural(count, { one: "adressée", other: "adressées" })} à ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const fr: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  total: ({ total, tax }) => (tax ? `Le montant total s'élève à ${total}, dont ${tax} de ${labels.tax}.` : `Le montant total s'élève à ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  // "Un montant de …" keeps the verb singular whatever the amount.
  partlyPaid: ({ paid, due }) => `Un montant de ${paid} a déjà été réglé${NNBSP}; il reste ${due} à régler.`,
  next: ({ type, to, action }) => {
    const step = `Prochaine étape${NNBSP}:`;
    switch (action) {
      case "finalize":
        return `${step} finaliser ${THE[type]}.`;
      case "approve":
        return `${step} valider ${THE[type]}.`;
      case "send":
        return stop(`${step} envoyer ${THE[type]} à ${to}`);
      // "Par …" and "du destinataire" rather than "de …", which would have to elide before some names.
      case "await_payment":
        return type === "credit_note" ? `${step} attendre le règlement de ${THE[type]}.` : stop(`${step} attendre le règlement par ${to}`);
      case "await_response":
        return `${step} attendre la réponse du destinataire.`;
      case "remind":
        return type === "invoice" ? stop(`${step} envoyer une relance de paiement à ${to}`) : stop(`${step} relancer ${to}`);
      case "none":
        return "Aucune autre action n'est nécessaire.";
    }
  },
  set: {
    none: (client) => (client ? `Aucune facture adressée à ${client} ne correspond.` : "Aucune facture ne correspond."),
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client, count)}${inParentheses(groups)}${late ? `, dont ${overdue(late)}` : ""}`;
      return `${stop(head)} ${due ? `Il reste ${due} à encaisser.` : "Plus rien n'est dû."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client, count)} en ${currencies.text} devises${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}${NNBSP}: ${invoices(count)}, ${due ? `${due} à encaisser` : "rien à encaisser"}${late ? `${NNBSP}; ${overdue(late)}` : ""}.`,
  },
};
