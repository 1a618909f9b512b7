// Clients: the people and companies invoices are billed to.
import type { JSX } from "preact";
import { api, type Outputs } from "../api.ts";
import { EntityPage, textOrNull, type EntityPageSpec, type FormValues } from "../entities.tsx";
import type { PageProps } from "../routes.ts";

type Client = Outputs["clients"]["get"];

function clientInput(values: FormValues) {
  const address = { line1: textOrNull(values.line1), postal_code: textOrNull(values.postal_code), city: textOrNull(values.city), country: textOrNull(values.country)?.toUpperCase() ?? null };
  return {
    name: values.name?.trim() ?? "",
    email: textOrNull(values.email),
    phone: textOrNull(values.phone),
    tax_id: textOrNull(values.tax_id),
    currency: textOrNull(values.currency)?.toUpperCase() ?? null,
    address: Object.values(address).some((part) => part !== null) ? address : null,
  };
}

const CLIENTS: EntityPageSpec<Client> = {
  title: "clients.title",
  tools: { create: "clients.create", delete: "clients.delete", idParam: "client_id" },
  writeScope: "entities:write",
  fields: [
    { name: "name", label: "clients.name", required: true, maxLength: 500 },
    { name: "email", label: "clients.email", type: "email", maxLength: 320 },
    { name: "phone", label: "clients.phone", maxLength: 50 },
    { name: "tax_id", label: "clients.taxId", maxLength: 100 },
    { name: "currency", label: "clients.currency", pattern: "[A-Za-z]{3}", maxLength: 3, hint: "clients.currencyHint" },
    { name: "line1", label: "clients.street", maxLength: 500 },
    { name: "postal_code", label: "clients.postalCode", maxLength: 50 },
    { name: "city", label: "clients.city", maxLength: 200 },
    { name: "country", label: "clients.country", type: "country" },
  ],
  columns: [
    { label: "clients.name", cell: (client) => client.name },
    { label: "clients.email", cell: (client) => client.email ?? "" },
    { label: "clients.city", cell: (client) => client.address?.city ?? "" },
  ],
  list: (query) => api.clients.list.query(query),
  create: (values) => api.clients.create.mutate(clientInput(values)),
  update: (id, values) => api.clients.update.mutate({ id, ...clientInput(values) }),
  remove: (id) => api.clients.delete.mutate({ id }),
  alike: async (values) => {
    const name = values.name?.trim() ?? "";
    const email = values.email?.trim().toLowerCase() ?? "";
    const found = await Promise.all([name, email].filter(Boolean).map((q) => api.clients.list.query({ q, limit: 20 })));
    const same = (client: Client): boolean => client.name.trim().toLowerCase() === name.toLowerCase() || (email !== "" && client.email?.toLowerCase() === email);
    return [...new Map(found.flatMap((page) => page.data).filter(same).map((client) => [client.id, client])).values()];
  },
  valuesOf: (client) => ({
    name: client.name,
    email: client.email ?? "",
    phone: client.phone ?? "",
    tax_id: client.tax_id ?? "",
    currency: client.currency ?? "",
    line1: client.address?.line1 ?? "",
    postal_code: client.address?.postal_code ?? "",
    city: client.address?.city ?? "",
    country: client.address?.country ?? "",
  }),
};

export function Page(_props: PageProps): JSX.Element {
  return <EntityPage spec={CLIENTS} />;
}
