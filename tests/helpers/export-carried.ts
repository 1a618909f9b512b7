// What the CSV, JSON and e-invoice (UBL, CII, XRechnung, Factur-X) exports carry of a record, in the
// reader's draft shape and with each format's own normalizations. Shared by the codec round trips
// (tests/imports/roundtrip/{csv,json,einvoice}.test.ts), which compare it with what the reader gives,
// and the service's round trip on a fresh account (tests/imports/roundtrip/property.test.ts), which
// compares it for the invoice exported and the one the import made from the file.
import { EXEMPT_CATEGORIES, present } from "../../render/einvoice/requirements.ts";
import { createFields } from "../../routers/invoices/invoice.schema.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { lineTax } from "../../server/domain/money.ts";
import type { PostalAddress, StoredProfile } from "../../server/domain/profile.ts";

/**
 * The record's fields a create sets, which the JSON export carries whole: all but the exporting
 * account's client and template ids.
 */
export const JSON_CARRIED = Object.keys(createFields).filter((key) => key !== "client_id" && key !== "template_id") as Array<keyof InvoiceRecord>;

/** What the CSV export carries of a record: no addresses, e-mails, locale, dates beyond issue and due, payment, notes. */
export function csvCarried(record: InvoiceRecord): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    type: record.type,
    ...(record.number === null ? {} : { number: record.number }),
    issue_date: record.issue_date,
    ...(record.due_date === null ? {} : { due_date: record.due_date }),
    currency: record.currency,
    from_name: record.from_name,
    bill_to_name: record.bill_to_name,
    ...(record.bill_to_tax_id === null ? {} : { bill_to_tax_id: record.bill_to_tax_id }),
  };
  if (record.items.length > 0) {
    fields.items = record.items.map((item) => {
      const tax = lineTax(item, record.tax_rate);
      const discount = item.discount_percent ? { discount_percent: item.discount_percent } : {};
      return { description: item.description, quantity: item.quantity, unit: item.unit, rate: item.rate, ...discount, tax_rate: tax.rate, tax_category: tax.category };
    });
  }
  return fields;
}

/** Text as an e-invoice gives it back: present() (trimmed, no control codes) and line ends as XML reads them (CR LF and CR become LF). */
function text(value: string | null | undefined): string | null {
  return present(value)?.replace(/\r\n?/g, "\n") ?? null;
}

function address(value: PostalAddress | null): Record<string, string | null> | null {
  if (!value) return null;
  return { line1: text(value.line1), line2: text(value.line2), city: text(value.city), postal_code: text(value.postal_code), region: text(value.region), country: text(value.country) };
}

/** Each line's exemption reason as its VAT group states it: the group's distinct reasons joined. */
function groupReasons(record: InvoiceRecord): Map<string, string> {
  const reasons = new Map<string, Set<string>>();
  for (const item of record.items) {
    const { rate, category } = lineTax(item, record.tax_rate);
    const reason = text(item.tax_exemption_reason) ?? text(record.tax_exemption_reason);
    if (!reason || !EXEMPT_CATEGORIES.has(category)) continue;
    const key = `${category}|${rate}`;
    reasons.set(key, (reasons.get(key) ?? new Set()).add(reason));
  }
  return new Map(
    [...reasons].map(([key, set]) => {
      const joined = [...set].join("; ");
      return [key, /^vatex-[a-z0-9-]+$/i.test(joined) ? joined.toUpperCase() : joined];
    }),
  );
}

/**
 * What an e-invoice carries of a record (the seller falling back to `profile`, as the exporter's
 * does), as a draft's fields: a negative price is written as a negative quantity (BR-27), an
 * exemption reason per VAT group; no locale, status, client, template, line ids, nor whether a
 * rate was the line's or the invoice's.
 */
export function einvoiceCarried(record: InvoiceRecord, profile: StoredProfile): Record<string, unknown> {
  const reasons = groupReasons(record);
  const fields: Record<string, unknown> = {
    type: record.type,
    number: text(record.number),
    from_name: text(record.from_name) ?? text(profile.legal_name),
    from_email: text(record.from_email) ?? text(profile.contact.email),
    from_address: address(record.from_address ?? profile.address),
    from_tax_id: text(record.from_tax_id) ?? text(profile.tax_id),
    bill_to_name: text(record.bill_to_name),
    bill_to_email: text(record.bill_to_email),
    bill_to_address: address(record.bill_to_address),
    bill_to_tax_id: text(record.bill_to_tax_id),
    buyer_reference: text(record.buyer_reference),
    currency: record.currency,
    issue_date: record.issue_date,
    due_date: record.due_date,
    delivery_date: record.delivery_date,
    payment_terms: text(record.payment_terms),
    payment: record.payment && { means: record.payment.means, reference: text(record.payment.reference), iban: text(record.payment.iban), bic: text(record.payment.bic) },
    notes: text(record.notes),
    items: record.items.map((item) => {
      const { rate, category } = lineTax(item, record.tax_rate);
      const reason = reasons.get(`${category}|${rate}`);
      const sign = item.rate < 0 ? -1 : 1;
      return {
        description: text(item.description),
        quantity: sign * item.quantity || 0,
        unit: item.unit,
        rate: Math.abs(item.rate),
        tax_rate: rate,
        tax_category: category,
        ...(reason ? { tax_exemption_reason: reason } : {}),
        // The line allowance (BG-27, BT-138) the exporter writes for a discount.
        ...(item.discount_percent ? { discount_percent: item.discount_percent } : {}),
      };
    }),
  };
  if (record.preceding_invoice) fields.preceding_invoice = { number: text(record.preceding_invoice.number), issue_date: record.preceding_invoice.issue_date };
  return fields;
}
