// What an approval card shows of the invoice itself: its lines, and how its content differs from
// the content last approved (the service compares them: approvals.list's since_approval), so an
// approver reads what changed rather than the whole invoice again.
import type { JSX } from "preact";
import type { Invoice, Outputs } from "../api.ts";
import { Table } from "../components.tsx";
import { day, money, numberText } from "../format.ts";
import { t, type PhraseKey } from "../i18n/index.ts";

type SinceApproval = NonNullable<Outputs["approvals"]["list"]["data"][number]["since_approval"]>;
type Line = Invoice["items"][number];

const FIELD_LABELS: Record<SinceApproval["fields"][number]["field"], PhraseKey> = {
  type: "editor.type",
  from_name: "approvals.field.from_name",
  from_email: "approvals.field.from_email",
  from_address: "approvals.field.from_address",
  from_tax_id: "approvals.field.from_tax_id",
  bill_to_name: "invoices.client",
  bill_to_email: "clients.email",
  bill_to_address: "approvals.field.bill_to_address",
  bill_to_tax_id: "approvals.field.bill_to_tax_id",
  buyer_reference: "editor.buyerReference",
  currency: "clients.currency",
  locale: "editor.locale",
  issue_date: "invoices.issued",
  due_date: "invoices.due",
  delivery_date: "approvals.field.delivery_date",
  payment_terms: "editor.paymentTerms",
  payment: "approvals.field.payment",
  notes: "editor.notes",
  tax_rate: "editor.taxRate",
  tax_exemption_reason: "approvals.field.tax_exemption_reason",
  preceding_invoice: "editor.preceding",
  total: "invoices.total",
};

const DATE_FIELDS = new Set(["issue_date", "due_date", "delivery_date"]);

/** A field's value in words: money as money, dates as dates, an address or payment as its parts. */
function valueText(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "total" && typeof value === "number") return money(value, currency);
  if (DATE_FIELDS.has(field) && typeof value === "string") return day(value);
  if (typeof value === "number") return numberText(value);
  if (typeof value === "object") return Object.values(value).filter((part) => part !== null && part !== "").join(", ");
  return String(value);
}

const lineText = (line: Line, currency: string): string => `${line.description} · ${numberText(line.quantity)} × ${money(line.rate, currency)} = ${money(line.amount, currency)}`;

/** The invoice's lines; `label` names the invoice, so each card's table is a region of its own name. */
export function InvoiceLines({ invoice, label }: { invoice: Invoice; label: string }): JSX.Element {
  return (
    <Table caption={`${t("invoice.items")} · ${label}`} head={[t("invoice.description"), t("invoice.quantity"), t("invoice.rate"), t("invoice.amount")]}>
      {invoice.items.map((line) => (
        <tr key={line.id}>
          <td>{line.description}</td>
          <td class="number">{numberText(line.quantity)}</td>
          <td class="number">{money(line.rate, invoice.currency)}</td>
          <td class="number">{money(line.amount, invoice.currency)}</td>
        </tr>
      ))}
    </Table>
  );
}

const LINE_CHANGES: Record<SinceApproval["lines"][number]["change"], PhraseKey> = { added: "approvals.lineAdded", removed: "approvals.lineRemoved", changed: "approvals.lineChanged" };

export function SinceApproval({ since, currency, label }: { since: SinceApproval; currency: string; label: string }): JSX.Element {
  const revision = since.approved_revision;
  if (since.fields.length === 0 && since.lines.length === 0) return <p class="muted">{t("approvals.asApproved", { revision })}</p>;
  return (
    <Table caption={`${t("approvals.differsTitle", { revision })} · ${label}`} head={[t("approvals.what"), t("approvals.approvedValue"), t("approvals.nowValue")]}>
      {since.fields.map((change) => (
        <tr key={change.field}>
          <th scope="row">{t(FIELD_LABELS[change.field])}</th>
          <td>
            <del>{valueText(change.field, change.approved, currency)}</del>
          </td>
          <td>
            <ins>{valueText(change.field, change.now, currency)}</ins>
          </td>
        </tr>
      ))}
      {since.lines.map((change) => (
        <tr key={(change.now ?? change.approved)?.id}>
          <th scope="row">{t(LINE_CHANGES[change.change])}</th>
          <td>{change.approved ? <del>{lineText(change.approved, currency)}</del> : "—"}</td>
          <td>{change.now ? <ins>{lineText(change.now, currency)}</ins> : "—"}</td>
        </tr>
      ))}
    </Table>
  );
}
