import { z } from "zod";
import { listAccountGrants } from "../../db/queries/oauth.ts";
import { seesEveryGrant } from "../../server/access/oauth/grants.ts";
import { sessionProcedure } from "../builders.ts";
import { grantOutput, grantView } from "./grant.schema.ts";

export const listGrants = sessionProcedure
  .meta({ openapi: { method: "GET", path: "/grants", tags: ["grants"], operationId: "listGrants", summary: "Connected agents: a member's own grants, or every grant of the account for an owner or admin" } })
  .input(z.strictObject({}))
  .output(z.object({ data: z.array(grantOutput) }))
  .query(async ({ ctx: { services, principal, accountId } }) => {
    const rows = await listAccountGrants(services.database.db, { accountId, userId: seesEveryGrant(principal) ? null : principal.userId });
    return { data: rows.map(grantView) };
  });
