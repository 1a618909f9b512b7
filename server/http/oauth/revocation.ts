// Token revocation (RFC 7009): a client ends a token it holds. The answer is 200 whether or not the
// token was known (§2.2), so the endpoint tells nobody which tokens exist. Revoking a refresh token
// ends its whole chain, the access tokens issued with it included, in every process before its next
// request (the revocation is counted in the same transaction, ADR 0006).
import { findToken, revokeFamily, revokeToken } from "../../../db/queries/oauth.ts";
import { sha256Hex } from "../../domain/secrets.ts";
import type { Services } from "../../services.ts";
import { authenticateClient } from "./client-auth.ts";
import { NO_STORE, OAuthFailure, oauthErrorResponse, readForm, required } from "./responses.ts";

export async function revoke(services: Services, request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    const client = await authenticateClient(services.database.db, form);
    const token = required(form, "token");
    const tokenHash = await sha256Hex(token);
    const now = services.clock.now();
    await services.database.write(async (tx) => {
      const found = await findToken(tx, tokenHash);
      // Another client's token stays as it is: only its holder's client may end it.
      if (!found || found.clientId !== client.id) return;
      if (found.kind === "refresh") await revokeFamily(tx, { family: found.family, now });
      else await revokeToken(tx, { tokenHash, now });
    });
    return new Response(null, { status: 200, headers: NO_STORE });
  } catch (error) {
    if (error instanceof OAuthFailure) return oauthErrorResponse(error);
    throw error;
  }
}
