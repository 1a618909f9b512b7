// The recurring rule form's values as the person types them, and the inputs of recurring.create and
// recurring.update built from them. The service checks every choice; nothing here second-guesses it.
import type { AttachmentFormat } from "../../../../domain/mail.ts";
import { isMonthBased, type Frequency, type Missed, type OnIssue } from "../../../../domain/recurrence.ts";
import type { Inputs, Outputs } from "../api.ts";

export type Rule = Outputs["recurring"]["get"];
type CreateInput = Inputs["recurring"]["create"];
type UpdateInput = Inputs["recurring"]["update"];
type SendOptions = NonNullable<CreateInput["send"]>;

/** How a rule ends: never, after a number of invoices, or with a last date. */
export type Ending = "never" | "count" | "date";

export type RuleValues = {
  invoice_id: string;
  frequency: Frequency;
  interval: string;
  /** Monthly and longer only; empty is the start date's day. */
  day_of_month: string;
  start_date: string;
  ending: Ending;
  count: string;
  end_date: string;
  on_issue: OnIssue;
  missed: Missed;
  via: "email" | "link";
  /** Addresses as typed, separated by commas, semicolons or spaces; empty is the client's. */
  to: string;
  cc: string;
  subject: string;
  message: string;
  attach: AttachmentFormat[];
};

/** A new rule over `invoiceId`: monthly from `today` (the account's), a draft each time, no end. */
export function blankRuleValues(invoiceId: string, today: string): RuleValues {
  return {
    invoice_id: invoiceId,
    frequency: "monthly",
    interval: "1",
    day_of_month: "",
    start_date: today,
    ending: "never",
    count: "",
    end_date: "",
    on_issue: "draft",
    missed: "issue",
    via: "email",
    to: "",
    cc: "",
    subject: "",
    message: "",
    attach: ["pdf"],
  };
}

/** A stored rule's form. */
export function ruleValuesOf(rule: Rule): RuleValues {
  const send = rule.send;
  return {
    invoice_id: rule.template.invoice_id,
    frequency: rule.frequency,
    interval: String(rule.interval),
    day_of_month: rule.day_of_month === null ? "" : String(rule.day_of_month),
    start_date: rule.start_date,
    ending: rule.count !== null ? "count" : rule.end_date !== null ? "date" : "never",
    count: rule.count === null ? "" : String(rule.count),
    end_date: rule.end_date ?? "",
    on_issue: rule.on_issue,
    missed: rule.missed,
    via: send?.via ?? "email",
    to: send?.to?.join(", ") ?? "",
    cc: send?.cc?.join(", ") ?? "",
    subject: send?.subject ?? "",
    message: send?.message ?? "",
    attach: send?.attach ?? ["pdf"],
  };
}

/** Addresses as people type them: separated by commas, semicolons or spaces. */
const addressesIn = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/**
 * A whole number as typed. Anything else goes to the service as it reads (1.5, or NaN for nothing
 * readable), so its refusal names the field.
 */
const wholeNumber = (text: string): number => Number(text.trim());

/** The calendar the form describes, as both procedures take it: the end not chosen is null. */
function scheduleOf(values: RuleValues) {
  return {
    frequency: values.frequency,
    interval: wholeNumber(values.interval),
    day_of_month: isMonthBased(values.frequency) && values.day_of_month.trim() !== "" ? wholeNumber(values.day_of_month) : null,
    start_date: values.start_date,
    end_date: values.ending === "date" ? values.end_date : null,
    count: values.ending === "count" ? wholeNumber(values.count) : null,
  };
}

/** How each issued invoice is sent: by e-mail with the addresses, words and files given (the service's defaults for the rest), or only a link. */
function sendOptionsOf(values: RuleValues): SendOptions {
  if (values.via === "link") return { via: "link" };
  const [to, cc] = [addressesIn(values.to), addressesIn(values.cc)];
  return {
    via: "email",
    ...(to.length ? { to } : {}),
    ...(cc.length ? { cc } : {}),
    ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
    ...(values.message.trim() ? { message: values.message.trim() } : {}),
    attach: values.attach,
  };
}

export function createInput(values: RuleValues): CreateInput {
  const { day_of_month, end_date, count, ...schedule } = scheduleOf(values);
  return {
    invoice_id: values.invoice_id,
    ...schedule,
    ...(day_of_month === null ? {} : { day_of_month }),
    ...(end_date === null ? {} : { end_date }),
    ...(count === null ? {} : { count }),
    on_issue: values.on_issue,
    ...(values.on_issue === "send" ? { send: sendOptionsOf(values) } : {}),
    missed: values.missed,
  };
}

/**
 * The changes to a stored rule. Only calendar fields that differ are given: giving one starts the
 * schedule afresh from today, and a start date given again is held to "not before today".
 */
export function updateInput(rule: Rule, values: RuleValues): UpdateInput {
  const schedule = scheduleOf(values);
  const changed = Object.fromEntries(Object.entries(schedule).filter(([field, value]) => rule[field as keyof typeof schedule] !== value)) as Partial<typeof schedule>;
  return {
    id: rule.id,
    ...changed,
    on_issue: values.on_issue,
    ...(values.on_issue === "send" ? { send: sendOptionsOf(values) } : {}),
    missed: values.missed,
  };
}
