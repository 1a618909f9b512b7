// Wire shapes of agents' grants: what a person allowed an agent (an OAuth client) in an account.
import { z } from "zod";
import type { GrantListing } from "../../db/queries/oauth.ts";
import { redirectHostsOf } from "../../server/domain/oauth.ts";
import { isoDateTime, resourceId } from "../shared/schemas.ts";

export const grantId = resourceId("grt");

export const grantOutput = z
  .object({
    id: z.string().describe("grt_…"),
    client: z.object({ id: z.string().describe("cid_…"), name: z.string(), redirect_host: z.string().describe("where the agent's sign-in returns to") }),
    user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).describe("the person who granted it"),
    scopes: z.array(z.string()),
    resource: z.string().describe("what its tokens reach (RFC 8707): the service's URL (every face) or its /api/mcp endpoint"),
    created_at: isoDateTime,
    last_used_at: isoDateTime.nullable(),
  })
  .meta({ id: "AgentGrant" });

export function grantView(row: GrantListing): z.infer<typeof grantOutput> {
  return {
    id: row.id,
    client: { id: row.clientId, name: row.clientName, redirect_host: redirectHostsOf(row.redirectUris) },
    user: { id: row.userId, email: row.email, name: row.userName },
    scopes: row.scopes,
    resource: row.resource,
    created_at: row.createdAt,
    last_used_at: row.lastUsedAt,
  };
}
