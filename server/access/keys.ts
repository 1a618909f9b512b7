// An account's API keys, created and revoked whoever asks (keys.create/revoke): the secret exists
// outside the caller's hands only in create's answer; the database keeps its SHA-256.
import { createApiKey, findApiKey, revokeApiKey } from "../../db/queries/accounts.ts";
import type { Scope } from "../domain/scopes.ts";
import { assertOwned } from "../invoices/ownership.ts";
import type { Services } from "../services.ts";

/** A new key as create answers it: the secret (`token`) is shown this once. */
export type CreatedKey = { id: string; name: string; hint: string; scopes: Scope[]; created_at: string; token: string };

/** Stores a key with these scopes; whether the caller may hand them out is the caller's check. */
export async function createKey(services: Services, accountId: string, params: { name: string; scopes: Scope[] }): Promise<CreatedKey> {
  const now = services.clock.now();
  const { id, token, hint } = await services.database.write((tx) => createApiKey(tx, { accountId, name: params.name, scopes: params.scopes, now }));
  return { id, name: params.name, hint, scopes: params.scopes, created_at: now.toISOString(), token };
}

/** Revokes an owned key; a key revoked before answers when that was, and stays as it is. */
export function revokeKey(services: Services, accountId: string, keyId: string): Promise<{ id: string; revoked_at: string }> {
  return services.database.write(async (tx) => {
    const key = assertOwned(await findApiKey(tx, keyId), accountId, "API key", keyId);
    if (key.revokedAt) return { id: key.id, revoked_at: key.revokedAt };
    const now = services.clock.now();
    // Counted as a revocation in this transaction: every process refuses the key from its next request (ADR 0006).
    await revokeApiKey(tx, { keyId: key.id, now });
    return { id: key.id, revoked_at: now.toISOString() };
  });
}
