import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { en as labels } from "../../labels/en.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;

const days = (count: Count): string => `${count.text} ${plural(count, { one: "day", other: "days" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "invoice", other: "invoices" })}`;

function lines(item: string | null, more: Count | null): string {
  if (item === null) return ", with no items yet";
  return ` for “${item}”${more ? ` and ${more.text} more ${plural(more, { one: "item", other: "items" })}` : ""}`;
}

/** The due-date clause after "It has been sent": invoices and credit notes fall due, quotes and orders only have a date. */
function dueAhead(type: InvoiceType, viewed: boolean, due: DueAhead): string {
  if (!isPayable(type)) return due.days ? `; its due date is ${due.date}, in ${days(due.days)}` : `; its due date is today, ${due.date}`;
  const and = viewed ? ", and" : " and";
  return due.days ? `${and} is due on ${due.date}, in ${days(due.days)}` : `${and} is due today, ${due.date}`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? "It has been finalized but not yet sent." : "It is still a draft.";
    case "review":
      return "It is awaiting approval.";
    case "approved":
      return "It has been approved but not yet sent.";
    case "open": {
      const sent = standing.viewed ? "It has been sent and viewed" : "It has been sent";
      return standing.due ? `${sent}${dueAhead(type, standing.viewed, standing.due)}.` : `${sent}.`;
    }
    case "overdue":
      if (standing.due && standing.days) return `It was due on ${standing.due} and is ${days(standing.days)} overdue.`;
      return standing.due ? `It is overdue; its due date is ${standing.due}.` : "It is overdue.";
    case "lapsed":
      return `It has been sent; its due date, ${standing.due}, has passed.`;
    case "paid":
      return type === "credit_note" ? "It has been settled in full." : "It has been paid in full.";
    case "void":
      return "It has been voided.";
  }
}

const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "draft", other: "drafts" })}`,
  review: (count) => `${count.text} in review`,
  approved: (count) => `${count.text} approved`,
  open: (count) => `${count.text} open`,
  paid: (count) => `${count.text} paid`,
  void: (count) => `${count.text} void`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["draft", "all drafts"],
  review: ["in review", "all in review"],
  approved: ["approved", "all approved"],
  open: ["open", "all open"],
  paid: ["paid", "all paid"],
  void: ["void", "all void"],
};

function overdue(figures: SetOverdue): string {
  if (figures.count.value === 1) {
    return `${figures.count.text} overdue${figures.oldest ? ` by ${days(figures.oldest)}` : ""} for ${figures.amount}`;
  }
  return `${figures.count.text} overdue for ${figures.amount}${figures.oldest ? `, the oldest ${days(figures.oldest)} overdue` : ""}`;
}

const toClient = (client: string | null): string => (client ? ` to ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const en: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) =>
    `${number === null ? `Draft ${title[type].toLowerCase()}` : `${title[type]} ${number}`} from ${from} to ${to}${lines(item, more)}.`,
  total: ({ total, tax }) => (tax ? `The total is ${total} including ${tax} ${labels.tax}.` : `The total is ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  partlyPaid: ({ paid, due }) => `${paid} has been paid so far; ${due} is still due.`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return "Next step: finalize it.";
      case "approve":
        return "Next step: approve it.";
      case "send":
        return stop(`Next step: send it to ${to}`);
      case "await_payment":
        return type === "credit_note" ? "Next step: wait for the credit to be settled." : stop(`Next step: wait for payment from ${to}`);
      case "await_response":
        return stop(`Next step: wait for a reply from ${to}`);
      case "remind":
        return type === "invoice" ? `Next step: send ${to} a payment reminder.` : stop(`Next step: follow up with ${to}`);
      case "none":
        return "No further action is needed.";
    }
  },
  set: {
    none: (client) => (client ? `No invoices to ${client} match.` : "No invoices match."),
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client)}${inParentheses(groups)}${late ? `, ${overdue(late)}` : ""}`;
      return `${stop(head)} ${due ? `${due} is still due.` : "Nothing is outstanding."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client)} in ${currencies.text} currencies${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}: ${invoices(count)}, ${due ? `${due} still due` : "nothing outstanding"}${late ? `; ${overdue(late)}` : ""}.`,
  },
};
