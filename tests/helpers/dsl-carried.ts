// What the Invoice DSL carries of a record (render/codecs/dsl.ts lists it), normalized the way the
// DSL writes it: blanks collapsed, "|" as "/" in a party's parts, an address as one line with its
// country; the currency and locale always. Shared by the DSL's round trips: the codec's (parseDsl) and the import's (readDsl).
import type { DslAddress, DslInvoice } from "../../render/codecs/dsl-parse.ts";
import { addressLines } from "../../render/address.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { PostalAddress } from "../../server/domain/profile.ts";
import { oneLine } from "./invoice-arbitrary.ts";

const part = (text: string): string => oneLine(text).replaceAll("|", "/");

function carriedAddress(address: PostalAddress | null): DslAddress | undefined {
  const lines = addressLines(address).map(part).filter(Boolean);
  if (address?.country) lines.pop();
  const line1 = lines.join(", ");
  if (!line1 && !address?.country) return undefined;
  return { ...(line1 ? { line1 } : {}), ...(address?.country ? { country: address.country } : {}) };
}

/** What the DSL carries of a record, normalized the way the DSL writes it. */
export function carried(record: InvoiceRecord): DslInvoice {
  const optional = {
    number: record.number === null ? undefined : oneLine(record.number) || undefined,
    from_email: record.from_email ? part(record.from_email) : undefined,
    from_address: carriedAddress(record.from_address),
    bill_to_email: record.bill_to_email ? part(record.bill_to_email) : undefined,
    bill_to_address: carriedAddress(record.bill_to_address),
    due_date: record.due_date ?? undefined,
    payment_terms: oneLine(record.payment_terms ?? "") || undefined,
    tax_rate: record.tax_rate ?? undefined,
    notes: record.notes === null ? undefined : record.notes.split(/\r\n|\r|\n/).map(oneLine).join("\n"),
  };
  return {
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    from_name: part(record.from_name),
    bill_to_name: part(record.bill_to_name),
    issue_date: record.issue_date,
    currency: record.currency,
    locale: record.locale,
    items: record.items.map((item) => ({
      description: oneLine(item.description),
      quantity: item.quantity,
      rate: item.rate,
      ...(item.tax_rate === null ? {} : { tax_rate: item.tax_rate }),
      ...(item.discount_percent ? { discount_percent: item.discount_percent } : {}),
    })),
  };
}

/** The fields a DSL text may give, each compared on its own so a failure names it. */
export const DSL_FIELDS = ["number", "from_name", "from_email", "from_address", "bill_to_name", "bill_to_email", "bill_to_address", "issue_date", "due_date", "payment_terms", "currency", "locale", "tax_rate", "notes", "items"] as const;
