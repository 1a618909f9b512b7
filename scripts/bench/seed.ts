// Seeds many invoices into one account fast: records built by the domain's newInvoice, then moved
// along the lifecycle by hand, inserted ~1,000 per write transaction.
import { insertInvoices } from "../../db/queries/invoices.ts";
import type { Database } from "../../db/client.ts";
import { addDays } from "../../server/domain/clock.ts";
import { newId } from "../../server/domain/ids.ts";
import { newInvoice, type InvoiceRecord, type ItemInput } from "../../server/domain/invoice.ts";
import type { InvoiceStatus } from "../../server/domain/lifecycle.ts";
import { emptyProfile } from "../../server/domain/profile.ts";
import { pseudoRandom } from "../seed/random.ts";

const CHUNK = 1000;
const FIRST_DAY = "2024-01-01";
const DAYS = 1050;
/** Eight statuses in turn: about one invoice in eight is "sent". */
const STATUSES: readonly InvoiceStatus[] = ["draft", "sent", "paid", "viewed", "paid", "overdue", "approved", "void"];
const PRODUCTS = ["Consulting", "Design", "Hosting", "Support", "Travel", "Licence", "Training", "Audit"];

function record(index: number, random: () => number): InvoiceRecord {
  const issueDate = addDays(FIRST_DAY, Math.floor(random() * DAYS));
  const now = new Date(`${issueDate}T09:00:00Z`);
  now.setUTCMilliseconds(index % 1000);
  const items: ItemInput[] = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, line) => ({
    description: `${PRODUCTS[(index + line) % PRODUCTS.length]} ${line + 1}`,
    quantity: 1 + Math.floor(random() * 20),
    rate: 500 + Math.floor(random() * 50_000),
  }));
  const client = index % 997;
  const draft = newInvoice({
    id: newId("inv", now.getTime()),
    input: {
      from_name: "Bench GmbH",
      bill_to_name: `Client ${client}`,
      bill_to_email: `client${client}@example.com`,
      currency: "EUR",
      locale: "de-DE",
      issue_date: issueDate,
      due_date: addDays(issueDate, 30),
      tax_rate: 19,
      items,
    },
    profile: emptyProfile(),
    resolved: {},
    now,
  });
  const status = STATUSES[index % STATUSES.length] ?? "draft";
  if (status === "draft" || status === "approved") return { ...draft, status };
  const at = now.toISOString();
  const paid = status === "paid";
  return {
    ...draft,
    status,
    number: `INV-${String(index + 1).padStart(7, "0")}`,
    locked: true,
    revision: 3,
    finalized_at: at,
    sent_at: at,
    paid_at: paid ? at : null,
    voided_at: status === "void" ? at : null,
    amount_paid: paid ? draft.total : 0,
    amount_due: paid ? 0 : draft.total,
  };
}

/** Inserts `count` invoices for `accountId`; returns an evenly spread sample of `sample` ids. */
export async function seedInvoices(database: Database, accountId: string, count: number, sample: number): Promise<string[]> {
  const random = pseudoRandom(20261121);
  const every = Math.max(1, Math.floor(count / Math.max(1, sample)));
  const ids: string[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const records = Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => record(start + offset, random));
    await database.write((tx) => insertInvoices(tx, accountId, records));
    records.forEach((invoice, offset) => {
      if ((start + offset) % every === 0 && ids.length < sample) ids.push(invoice.id);
    });
  }
  return ids;
}
