// Wire shapes of API keys: never the secret, except in create's answer, once.
import { z } from "zod";
import type { ApiKeyRow } from "../../db/queries/accounts.ts";
import { SCOPES, type Scope } from "../../server/domain/scopes.ts";
import { isoDateTime, resourceId } from "../shared/schemas.ts";

export const keyId = resourceId("key");

export const scopeList = z
  .array(z.enum(SCOPES))
  .min(1)
  .max(SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, "each scope once")
  .describe("what the key may do; at most the scopes of whoever creates it");

export const keyOutput = z
  .object({
    id: z.string().describe("key_…"),
    name: z.string(),
    hint: z.string().describe("the key's first characters (svc_ and four more), to tell keys apart"),
    scopes: z.array(z.enum(SCOPES)),
    created_at: isoDateTime,
    last_used_at: isoDateTime.nullable().describe("written at most once a minute"),
    revoked_at: isoDateTime.nullable(),
  })
  .meta({ id: "ApiKey" });
export type KeyOutput = z.infer<typeof keyOutput>;

export function keyView(row: ApiKeyRow): KeyOutput {
  return { id: row.id, name: row.name, hint: row.hint, scopes: row.scopes as Scope[], created_at: row.createdAt, last_used_at: row.lastUsedAt, revoked_at: row.revokedAt };
}
