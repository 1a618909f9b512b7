// Products: the catalogue invoice lines are picked from. Prices are typed as people write them
// ("1.200,50" in German, "1,200.50" in English) and read exactly into minor units.
import type { JSX } from "preact";
import { useMemo } from "preact/hooks";
import { readAmount, readQuantity } from "../../../../domain/decimal-text.ts";
import { api, type Outputs } from "../api.ts";
import { ErrorNote, Loading } from "../components.tsx";
import { EntityPage, textOrNull, type EntityPageSpec, type FormValues } from "../entities.tsx";
import { amountText, money, numberText } from "../format.ts";
import { useQuery } from "../hooks.ts";
import { displayLocale } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";

type Product = Outputs["products"]["get"];

function productInput(values: FormValues, accountCurrency: string) {
  const currency = textOrNull(values.currency)?.toUpperCase() ?? null;
  const rate = readAmount(values.rate ?? "", { currency: currency ?? accountCurrency, locale: displayLocale() });
  if (!rate.ok) throw new Error(`${values.rate}: expected ${rate.expected}`);
  const taxText = values.tax_rate?.trim() ?? "";
  const taxRate = taxText === "" ? null : readQuantity(taxText, { locale: displayLocale() });
  if (taxRate && !taxRate.ok) throw new Error(`${taxText}: expected ${taxRate.expected}`);
  return {
    name: values.name?.trim() ?? "",
    rate: rate.value,
    unit: textOrNull(values.unit)?.toUpperCase() ?? "C62",
    // Empty: the line takes the invoice's rate.
    tax_rate: taxRate?.ok ? taxRate.value : null,
    currency,
    description: textOrNull(values.description),
    sku: textOrNull(values.sku),
  };
}

/** A product without its own currency is priced in the account's. */
function productsPage(accountCurrency: string): EntityPageSpec<Product> {
  const shown = (product: Product): string => money(product.rate, product.currency ?? accountCurrency);
  return {
    title: "products.title",
    tools: { create: "products.create", delete: "products.delete", idParam: "product_id" },
    writeScope: "entities:write",
    fields: [
      { name: "name", label: "products.name", required: true, maxLength: 500 },
      { name: "rate", label: "products.rate", required: true, hint: "products.rateHint" },
      { name: "currency", label: "clients.currency", pattern: "[A-Za-z]{3}", maxLength: 3, hint: "clients.currencyHint" },
      { name: "unit", label: "products.unit", pattern: "[A-Za-z0-9]{1,3}", maxLength: 3, hint: "products.unitHint" },
      { name: "tax_rate", label: "products.taxRate", maxLength: 10, hint: "products.taxRateHint" },
      { name: "sku", label: "products.sku", maxLength: 100 },
      { name: "description", label: "products.description", type: "textarea", maxLength: 5000 },
    ],
    columns: [
      { label: "products.name", cell: (product) => product.name },
      { label: "products.rate", cell: shown },
      { label: "products.unit", cell: (product) => product.unit },
      { label: "products.sku", cell: (product) => product.sku ?? "" },
    ],
    list: (query) => api.products.list.query(query),
    create: (values) => api.products.create.mutate(productInput(values, accountCurrency)),
    update: (id, values) => api.products.update.mutate({ id, ...productInput(values, accountCurrency) }),
    remove: (id) => api.products.delete.mutate({ id }),
    alike: async (values) => {
      const name = values.name?.trim().toLowerCase() ?? "";
      const found = name ? await api.products.list.query({ q: name, limit: 20 }) : { data: [] };
      return found.data.filter((product: Product) => product.name.trim().toLowerCase() === name);
    },
    valuesOf: (product) => ({
      name: product.name,
      rate: amountText(product.rate, product.currency ?? accountCurrency),
      currency: product.currency ?? "",
      unit: product.unit,
      tax_rate: product.tax_rate === null ? "" : numberText(product.tax_rate),
      sku: product.sku ?? "",
      description: product.description ?? "",
    }),
  };
}

export function Page(_props: PageProps): JSX.Element {
  const account = useQuery(() => api.account.get.query({}), []);
  const spec = useMemo(() => (account.data ? productsPage(account.data.currency ?? "EUR") : null), [account.data]);
  if (account.error) return <ErrorNote error={account.error} />;
  return spec ? <EntityPage spec={spec} /> : <Loading />;
}
