// API key scopes (README "Accounts and keys"). The first key of an account holds all of them.

export const SCOPES = [
  "invoices:read",
  "invoices:write",
  "invoices:approve",
  "entities:read",
  "entities:write",
  "templates:read",
  "templates:write",
  "account:admin",
] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
