// The fuzzing account and something of every kind in it, made through the REST face as a user
// would: the ids go into pools the fuzzer swaps into inputs, so calls get past "not found" and
// reach the code behind it (validation of a real invoice's update, a real webhook's redelivery…).
import { operation } from "../helpers/factories.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, invoicePath, invoiceSteps } from "../helpers/invoices.ts";
import { PUBLIC_URL } from "../helpers/webhooks.ts";
import type { TestServer } from "../helpers/server.ts";
import type { IdPools } from "./arbitraries.ts";

const created = async (client: Api, path: string, body: Record<string, unknown>): Promise<Record<string, any>> => expectStatus(await client.post(path, body), 201);

export async function setUpFuzzAccount(server: TestServer): Promise<{ key: string; pools: IdPools }> {
  const { key } = await server.account();
  const client = api(server.url, key);
  const steps = invoiceSteps(client);

  const client1 = await created(client, "/api/clients", { name: "Globex Corporation", email: "ap@globex.example", currency: "EUR" });
  const product = await created(client, "/api/products", { name: "Consulting hour", rate: 12_000, unit: "HUR", tax_rate: 19 });
  const template = await created(client, "/api/templates", { name: "Brand", base: "modern", options: { colors: { accent: "#0b5fff" } } });
  const draft = await steps.create({ client_id: client1.id });
  const another = await steps.create();
  const finalized = await steps.finalize(await steps.create());
  const sent = await steps.sent();
  const credit = await steps.create({ type: "credit_note", preceding_invoice: { id: sent.id } });
  const share = expectStatus(await client.post(invoicePath(sent.id, "/share"), {}), 200);
  const rule = await created(client, "/api/recurring", { invoice_id: another.id, frequency: "monthly", start_date: "2026-12-01" });
  const webhook = await created(client, "/api/webhooks", { url: PUBLIC_URL, event_types: ["invoice.paid"] });
  const delivery = expectStatus(await client.post(`/api/webhooks/${webhook.id}/test`, {}), 200);
  const spareKey = await created(client, "/api/keys", { name: "spare", scopes: ["invoices:read"] });
  const imported = expectStatus(await client.post("/api/import", { content: "number,issue_date,bill_to_name,description,quantity,unit_price\nINV-1,2026-11-01,Globex,Consulting,10,120.00\n", encoding: "text", options: { dry_run: true } }), 200);
  const events = expectStatus(await client.get("/api/events?limit=5"), 200).data as Array<{ id: string }>;
  // One payment and a duplicate, so payments, history and copies have something to read.
  await steps.pay(sent, 1_000);
  expectStatus(await client.post(invoicePath(draft.id, "/duplicate"), {}), 201);
  expectStatus(await client.put(invoicePath(another.id), { ...operation(another.revision), notes: "fuzz" }), 200);

  const pools = new Map<string, string[]>([
    ["invoice", [draft.id, another.id, finalized.id, sent.id, credit.id]],
    ["client", [client1.id]],
    ["product", [product.id]],
    ["template", [template.id, "modern"]],
    ["recurring", [rule.id]],
    ["webhook", [webhook.id]],
    ["delivery", [delivery.delivery_id]],
    ["event", events.map((event) => event.id)],
    ["share", [share.token]],
    ["key", [spareKey.id]],
    ["import", [imported.id]],
  ]);
  return { key, pools };
}
