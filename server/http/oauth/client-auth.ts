// Who is calling the token and revocation endpoints (RFC 6749 §2.3): a public client names itself
// with client_id; a confidential one (registered with client_secret_post) also sends its secret in
// the body. Any failure is invalid_client with 401, whatever went wrong, so nothing is learned.
import { findClient, type ClientRow } from "../../../db/queries/oauth.ts";
import type { Executor } from "../../../db/client.ts";
import { sha256Hex } from "../../domain/secrets.ts";
import { constantTimeEqual } from "../../domain/signing.ts";
import { OAuthFailure } from "./responses.ts";

export const CLIENT_SECRET_PREFIX = "scs_";

export async function authenticateClient(db: Executor, form: URLSearchParams): Promise<ClientRow> {
  const clientId = form.get("client_id");
  if (!clientId) throw new OAuthFailure("invalid_client", "client_id is required (client_secret_basic is not supported)", 401);
  const client = await findClient(db, clientId);
  if (!client) throw new OAuthFailure("invalid_client", "This client is not registered here", 401);
  if (client.tokenEndpointAuthMethod === "client_secret_post") {
    const secret = form.get("client_secret") ?? "";
    if (!client.secretHash || !constantTimeEqual(await sha256Hex(secret), client.secretHash)) {
      throw new OAuthFailure("invalid_client", "The client secret is missing or wrong", 401);
    }
  }
  return client;
}
