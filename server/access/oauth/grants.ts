// Agents' grants as the console manages them: a member sees and revokes their own, an owner or an
// admin every grant of the account. Revoking ends the grant's tokens at once (the resolver checks
// the grant on every lookup, and the revocation is counted so no process's cache keeps one, ADR 0006).
import { findLiveGrant, revokeGrant } from "../../../db/queries/oauth.ts";
import type { Principal } from "../../domain/access.ts";
import { AppError } from "../../domain/errors.ts";
import type { Services } from "../../services.ts";

export function seesEveryGrant(principal: Principal): boolean {
  return principal.role === "owner" || principal.role === "admin";
}

export async function revokeAgentGrant(services: Services, principal: Principal, grantId: string): Promise<void> {
  await services.database.write(async (tx) => {
    const grant = await findLiveGrant(tx, grantId);
    if (!grant) throw new AppError("NOT_FOUND", `No grant ${grantId}`);
    if (grant.accountId !== principal.accountId) throw new AppError("FORBIDDEN", "This grant belongs to another account");
    if (grant.userId !== principal.userId && !seesEveryGrant(principal)) throw new AppError("FORBIDDEN", "Only an owner or an admin may revoke another member's grant");
    await revokeGrant(tx, { grantId, now: services.clock.now() });
  });
}
