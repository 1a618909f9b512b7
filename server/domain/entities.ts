// New clients and products from their create input: one builder each, shared by clients.create,
// products.create and the import, so a client made any way has the same defaults.
import { DEFAULT_UNIT, toAddress, type AddressInput } from "./invoice.ts";
import type { PostalAddress } from "./profile.ts";

export type ClientInput = {
  name: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  address?: AddressInput | null | undefined;
  tax_id?: string | null | undefined;
  currency?: string | null | undefined;
  locale?: string | null | undefined;
  notes?: string | null | undefined;
};

/** A client as stored and returned (db/queries/clients.ts reads and writes it). */
export type ClientRecord = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: PostalAddress | null;
  tax_id: string | null;
  currency: string | null;
  locale: string | null;
  notes: string | null;
  archived: boolean;
  created_at: string;
  updated_at: string;
};

export function newClient(id: string, input: ClientInput, at: string): ClientRecord {
  return {
    id,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    address: toAddress(input.address),
    tax_id: input.tax_id ?? null,
    currency: input.currency ?? null,
    locale: input.locale ?? null,
    notes: input.notes ?? null,
    archived: false,
    created_at: at,
    updated_at: at,
  };
}

export type ProductInput = {
  name: string;
  rate: number;
  unit?: string | undefined;
  description?: string | null | undefined;
  currency?: string | null | undefined;
  tax_rate?: number | null | undefined;
  sku?: string | null | undefined;
};

/** A product as stored and returned (db/queries/products.ts reads and writes it). */
export type ProductRecord = {
  id: string;
  name: string;
  description: string | null;
  unit: string;
  rate: number;
  currency: string | null;
  tax_rate: number | null;
  sku: string | null;
  created_at: string;
  updated_at: string;
};

export function newProduct(id: string, input: ProductInput, at: string): ProductRecord {
  return {
    id,
    name: input.name,
    description: input.description ?? null,
    unit: input.unit ?? DEFAULT_UNIT,
    rate: input.rate,
    currency: input.currency ?? null,
    tax_rate: input.tax_rate ?? null,
    sku: input.sku ?? null,
    created_at: at,
    updated_at: at,
  };
}
