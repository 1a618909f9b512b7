import { router } from "../builders.ts";
import { listGrants } from "./list-grants.ts";
import { revokeGrant } from "./revoke-grant.ts";

export const grantsRouter = router({ list: listGrants, revoke: revokeGrant });
