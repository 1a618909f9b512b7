// How an agent finds the authorization server on its own (MCP authorization): the protected
// resources' metadata (RFC 9728) — the whole API, and the MCP endpoint alone — each naming this
// service as its authorization server, whose own metadata (RFC 8414) lists the endpoints. A 401 (or a
// 403 for too little scope) from a protected resource points at its metadata (RFC 9728 §5.1).
import { resourcesOf } from "../../domain/access.ts";
import { SCOPES } from "../../domain/scopes.ts";

export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
} as const;

export const AUTHORIZATION_SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server";
const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";
const MCP_PATH = "/api/mcp";

export function authorizationServerMetadata(publicUrl: string): Record<string, unknown> {
  return {
    issuer: publicUrl,
    authorization_endpoint: publicUrl + OAUTH_PATHS.authorize,
    token_endpoint: publicUrl + OAUTH_PATHS.token,
    registration_endpoint: publicUrl + OAUTH_PATHS.register,
    revocation_endpoint: publicUrl + OAUTH_PATHS.revoke,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    authorization_response_iss_parameter_supported: true,
    scopes_supported: [...SCOPES],
  };
}

function protectedResourceMetadata(resource: string, publicUrl: string): Record<string, unknown> {
  return { resource, authorization_servers: [publicUrl], scopes_supported: [...SCOPES], bearer_methods_supported: ["header"] };
}

/** The metadata documents by the path each is served at (discovery.ts serves them with its caching). */
export function oauthDocuments(publicUrl: string): Array<[path: string, document: Record<string, unknown>]> {
  const resources = resourcesOf(publicUrl);
  return [
    [AUTHORIZATION_SERVER_METADATA_PATH, authorizationServerMetadata(publicUrl)],
    [RESOURCE_METADATA_PATH, protectedResourceMetadata(resources.api, publicUrl)],
    [RESOURCE_METADATA_PATH + MCP_PATH, protectedResourceMetadata(resources.mcp, publicUrl)],
  ];
}

/** Where a protected path's resource metadata is: the MCP endpoint's own, or the whole API's. */
export function resourceMetadataUrl(pathname: string, publicUrl: string): string {
  const mcp = pathname === MCP_PATH || pathname.startsWith(`${MCP_PATH}/`);
  return publicUrl + RESOURCE_METADATA_PATH + (mcp ? MCP_PATH : "");
}

/**
 * Adds `resource_metadata` to the Bearer challenge of a protected resource's 401 (one without a
 * challenge gets a plain `Bearer` one, as tRPC's do) and of a 403 that already challenges for scope.
 */
export function pointToResourceMetadata(response: Response, pathname: string, publicUrl: string): void {
  const protectedPath = pathname.startsWith("/api/") || pathname.startsWith("/trpc/");
  if (!protectedPath || (response.status !== 401 && response.status !== 403)) return;
  const challenge = response.headers.get("www-authenticate") ?? (response.status === 401 ? "Bearer" : null);
  if (challenge === null || !/^Bearer\b/i.test(challenge) || challenge.includes("resource_metadata=")) return;
  const params = challenge.slice("Bearer".length).trim();
  response.headers.set("www-authenticate", `Bearer ${params === "" ? "" : `${params}, `}resource_metadata="${resourceMetadataUrl(pathname, publicUrl)}"`);
}
