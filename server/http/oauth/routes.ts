// The authorization server's HTTP routes under /oauth/ (the metadata documents are served with the
// other discovery documents, server/http/discovery.ts).
import { AppError } from "../../domain/errors.ts";
import { errorResponse, type RequestInfo } from "../requests.ts";
import type { Services } from "../../services.ts";
import { authorize } from "./authorize.ts";
import { OAUTH_PATHS } from "./metadata.ts";
import { register } from "./registration.ts";
import { revoke } from "./revocation.ts";
import { token } from "./token.ts";

type Route = { methods: string[]; handle(services: Services, request: Request, url: URL, info: RequestInfo): Promise<Response> };

const ROUTES: Record<string, Route> = {
  [OAUTH_PATHS.authorize]: { methods: ["GET", "POST"], handle: authorize },
  [OAUTH_PATHS.token]: { methods: ["POST"], handle: (services, request) => token(services, request) },
  [OAUTH_PATHS.register]: { methods: ["POST"], handle: (services, request, _url, info) => register(services, request, info) },
  [OAUTH_PATHS.revoke]: { methods: ["POST"], handle: (services, request) => revoke(services, request) },
};

export function createOAuthHandler(services: Services): (request: Request, url: URL, info: RequestInfo) => Promise<Response> {
  return async (request, url, info) => {
    const route = ROUTES[url.pathname];
    if (!route) return errorResponse(new AppError("NOT_FOUND", `No route ${request.method} ${url.pathname}`));
    if (!route.methods.includes(request.method)) return errorResponse(new AppError("METHOD_NOT_ALLOWED", `Use ${route.methods.join(", ")}`), { allow: route.methods.join(", ") });
    return route.handle(services, request, url, info);
  };
}
