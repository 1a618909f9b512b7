// Dynamic client registration (RFC 7591), the way MCP clients introduce themselves: POST JSON
// metadata → 201 with a client_id (and a secret only for client_secret_post). Anyone may register,
// so the body is small and bounded, and callers are counted per address as the anonymous tier.
import { z } from "zod";
import { insertClient } from "../../../db/queries/oauth.ts";
import { AppError } from "../../domain/errors.ts";
import { newId } from "../../domain/ids.ts";
import { newSecret, sha256Hex } from "../../domain/secrets.ts";
import { errorResponse, readJsonBody, type RequestInfo } from "../requests.ts";
import type { Services } from "../../services.ts";
import { addressSubject } from "../../access/rate-limit.ts";
import { CLIENT_SECRET_PREFIX } from "./client-auth.ts";
import { OAuthFailure, oauthErrorResponse, oauthJson } from "./responses.ts";
import { parseScopes, redirectUriProblem } from "../../domain/oauth.ts";

const MAX_BODY_BYTES = 16 * 1024;
const MAX_REDIRECT_URIS = 10;

const text = (max: number) => z.string().max(max);

/** The metadata we keep (RFC 7591 §2); anything else is ignored, as §2 asks. */
const clientMetadata = z.object({
  client_name: text(200).trim().min(1),
  redirect_uris: z.array(text(2000)).min(1).max(MAX_REDIRECT_URIS),
  token_endpoint_auth_method: z.enum(["none", "client_secret_post"]).default("none"),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .default(["authorization_code", "refresh_token"])
    .refine((types) => types.includes("authorization_code"), "must include authorization_code"),
  response_types: z.array(z.literal("code")).min(1).default(["code"]),
  scope: text(1000).optional(),
  client_uri: text(2000).optional(),
  logo_uri: text(2000).optional(),
  tos_uri: text(2000).optional(),
  policy_uri: text(2000).optional(),
  contacts: z.array(text(320)).max(10).optional(),
  software_id: text(200).optional(),
  software_version: text(200).optional(),
});

function metadataOf(body: unknown): z.infer<typeof clientMetadata> {
  const parsed = clientMetadata.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "(body)";
    const error = field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata";
    throw new OAuthFailure(error, `${field}: ${issue?.message ?? "invalid"}`);
  }
  const problem = parsed.data.redirect_uris.map(redirectUriProblem).find((found) => found !== null);
  if (problem) throw new OAuthFailure("invalid_redirect_uri", problem);
  const unknown = parseScopes(parsed.data.scope ?? "").unknown;
  if (unknown.length > 0) throw new OAuthFailure("invalid_client_metadata", `scope: unknown scope ${unknown.join(", ")}`);
  return parsed.data;
}

async function readMetadata(request: Request): Promise<z.infer<typeof clientMetadata>> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw new OAuthFailure("invalid_client_metadata", "The metadata is larger than 16 KiB");
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    throw new OAuthFailure("invalid_client_metadata", error instanceof AppError ? error.message : "The body is not JSON metadata");
  }
  if (JSON.stringify(body).length > MAX_BODY_BYTES) throw new OAuthFailure("invalid_client_metadata", "The metadata is larger than 16 KiB");
  return metadataOf(body);
}

export async function register(services: Services, request: Request, info: RequestInfo): Promise<Response> {
  const decision = await services.rateLimiter.hit(addressSubject(info.clientIp), services.config.tierLimits.anonymous, services.clock.now());
  if (!decision.allowed) return errorResponse(new AppError("RATE_LIMITED", `Too many registrations from this address; retry after ${decision.headers["Retry-After"]} s`), decision.headers);
  let metadata: z.infer<typeof clientMetadata>;
  try {
    metadata = await readMetadata(request);
  } catch (error) {
    if (error instanceof OAuthFailure) return oauthErrorResponse(error);
    throw error;
  }
  const now = services.clock.now();
  const { client_name, redirect_uris, token_endpoint_auth_method, ...rest } = metadata;
  const secret = token_endpoint_auth_method === "client_secret_post" ? newSecret(CLIENT_SECRET_PREFIX) : null;
  const secretHash = secret === null ? null : await sha256Hex(secret);
  const clientId = newId("cid", now.getTime());
  await services.database.write((tx) =>
    insertClient(tx, {
      id: clientId,
      name: client_name,
      redirectUris: redirect_uris,
      tokenEndpointAuthMethod: token_endpoint_auth_method,
      secretHash,
      metadata: rest,
      createdAt: now.toISOString(),
    }),
  );
  const issued = { client_id: clientId, client_id_issued_at: Math.floor(now.getTime() / 1000), ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }) };
  return oauthJson({ ...issued, ...metadata }, 201, decision?.headers);
}
