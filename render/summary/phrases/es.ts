import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { es as labels } from "../../labels/es.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;
const noun = (type: InvoiceType): string => title[type].toLowerCase();

// Factura, factura rectificativa and orden de compra are feminine, presupuesto masculine.
const MASCULINE: ReadonlySet<InvoiceType> = new Set(["quote"]);
const the = (type: InvoiceType): string => `${MASCULINE.has(type) ? "el" : "la"} ${noun(type)}`;
/** The participle's ending and the object pronoun, agreeing with the document: "enviada", "la ha visto". */
const a = (type: InvoiceType): string => (MASCULINE.has(type) ? "o" : "a");
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const days = (count: Count): string => `${count.text} ${plural(count, { one: "día", other: "días" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "factura", other: "facturas" })}`;

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  const subject = number === null ? `El borrador de ${noun(type)} de ${from} para ${to}` : `${capital(the(type))} ${number} de ${from} para ${to}`;
  if (item === null) return `${subject} todavía no tiene conceptos.`;
  const others = more ? ` y ${more.text} ${plural(more, { one: "concepto más", other: "conceptos más" })}` : "";
  return `${subject} incluye «${item}»${others}.`;
}

function dueAhead(type: InvoiceType, due: DueAhead): string {
  if (!isPayable(type)) return due.days ? `Su fecha de vencimiento es el ${due.date}, dentro de ${days(due.days)}.` : `Su fecha de vencimiento es hoy, ${due.date}.`;
  return due.days ? `Vence el ${due.date}, dentro de ${days(due.days)}.` : `Vence hoy, ${due.date}.`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  const agree = a(type);
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? `Está finalizad${agree}, pero aún no se ha enviado.` : "Todavía es un borrador.";
    case "review":
      return "Está pendiente de aprobación.";
    case "approved":
      return `Está aprobad${agree}, pero aún no se ha enviado.`;
    case "open": {
      const sent = `Se ha enviado${standing.viewed ? ` y el destinatario ya l${agree} ha visto` : ""}.`;
      return standing.due ? `${sent} ${dueAhead(type, standing.due)}` : sent;
    }
    case "overdue":
      if (standing.due && standing.days) return `Venció el ${standing.due} y lleva ${days(standing.days)} de retraso.`;
      return standing.due ? `Está vencid${agree}; su fecha de vencimiento es el ${standing.due}.` : `Está vencid${agree}.`;
    case "lapsed":
      return `Se ha enviado, pero su fecha de vencimiento, el ${standing.due}, ya ha pasado.`;
    case "paid":
      return type === "credit_note" ? `Está liquidad${agree} en su totalidad.` : `Está pagad${agree} en su totalidad.`;
    case "void":
      return `Está anulad${agree}.`;
  }
}

// Agreeing with "facturas": "1 pagada", "2 pagadas".
const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "borrador", other: "borradores" })}`,
  review: (count) => `${count.text} ${plural(count, { one: "pendiente", other: "pendientes" })} de aprobación`,
  approved: (count) => `${count.text} ${plural(count, { one: "aprobada", other: "aprobadas" })}`,
  open: (count) => `${count.text} ${plural(count, { one: "abierta", other: "abiertas" })}`,
  paid: (count) => `${count.text} ${plural(count, { one: "pagada", other: "pagadas" })}`,
  void: (count) => `${count.text} ${plural(count, { one: "anulada", other: "anuladas" })}`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["borrador", "todas en borrador"],
  review: ["pendiente de aprobación", "todas pendientes de aprobación"],
  approved: ["aprobada", "todas aprobadas"],
  open: ["abierta", "todas abiertas"],
  paid: ["pagada", "todas pagadas"],
  void: ["anulada", "todas anuladas"],
};

/** "3 vencidas por …", or with its verb after "de las cuales": "3 están vencidas por …". */
function overdue(figures: SetOverdue, verb: boolean): string {
  const { count, amount, oldest } = figures;
  const are = verb ? `${plural(count, { one: "está", other: "están" })} ` : "";
  if (count.value === 1) return `${count.text} ${are}vencida por ${amount}${oldest ? `, con ${days(oldest)} de retraso` : ""}`;
  return `${count.text} ${are}vencidas por un total de ${amount}${oldest ? `, la más antigua con ${days(oldest)} de retraso` : ""}`;
}

const toClient = (client: string | null): string => (client ? ` a nombre de ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const es: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  // "Cuota" is the Spanish name for the tax amount, and keeps the phrase singular whatever the amount.
  total: ({ total, tax }) => (tax ? `El importe total es de ${total}, incluida una cuota de ${labels.tax} de ${tax}.` : `El importe total es de ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  // "Un importe de …" keeps the verb singular whatever the amount.
  partlyPaid: ({ paid, due }) => `Hasta ahora se ha abonado un importe de ${paid}; queda un saldo pendiente de ${due}.`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return `Próximo paso: finalizar ${the(type)}.`;
      case "approve":
        return `Próximo paso: aprobar ${the(type)}.`;
      case "send":
        return stop(`Próximo paso: enviar ${the(type)} a ${to}`);
      case "await_payment":
        return type === "credit_note" ? `Próximo paso: esperar la liquidación de ${the(type)}.` : stop(`Próximo paso: esperar el pago de ${to}`);
      case "await_response":
        return stop(`Próximo paso: esperar la respuesta de ${to}`);
      case "remind":
        return type === "invoice" ? stop(`Próximo paso: enviar un recordatorio de pago a ${to}`) : stop(`Próximo paso: hacer un seguimiento con ${to}`);
      case "none":
        return "No es necesario hacer nada más.";
    }
  },
  set: {
    none: (client) => `No hay facturas${toClient(client)} que coincidan.`,
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client)}${inParentheses(groups)}${late ? `, de las cuales ${overdue(late, true)}` : ""}`;
      return `${stop(head)} ${due ? `El saldo pendiente de cobro es de ${due}.` : "No queda nada pendiente de cobro."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client)} en ${currencies.text} monedas${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}: ${invoices(count)}, ${due ? `saldo pendiente de ${due}` : "sin saldo pendiente"}${late ? `; ${overdue(late, false)}` : ""}.`,
  },
};
