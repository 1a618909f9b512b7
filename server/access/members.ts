// Changing and removing members (routers/members/): the facts loaded and the rules of
// domain/membership.ts checked in the write's own transaction, so two owners demoting each other at
// the same moment cannot leave the account without one.
import type { Executor } from "../../db/client.ts";
import { countOwners, findMember, removeMember, updateMember, type MemberRow } from "../../db/queries/members.ts";
import type { Principal } from "../domain/access.ts";
import { AppError } from "../domain/errors.ts";
import { assertMayChangeMember, assertMayRemoveMember, managerRole, type MemberChange } from "../domain/membership.ts";
import type { Services } from "../services.ts";

/** A member of the account, or 404: a person in other accounts only is no member of this one. */
async function memberOf(db: Executor, accountId: string, userId: string): Promise<MemberRow> {
  const member = await findMember(db, accountId, userId);
  if (!member) throw new AppError("NOT_FOUND", `No member ${userId} in this account`, { field: "user_id" });
  return member;
}

export function changeMember(services: Services, principal: Principal, userId: string, change: MemberChange): Promise<MemberRow> {
  const { accountId } = principal;
  return services.database.write(async (tx) => {
    const member = await memberOf(tx, accountId, userId);
    assertMayChangeMember(managerRole(principal), member, change, await countOwners(tx, accountId));
    const changed = { ...member, role: change.role ?? member.role, canApprove: change.canApprove ?? member.canApprove };
    await updateMember(tx, { accountId, userId, role: changed.role, canApprove: changed.canApprove, now: services.clock.now() });
    return changed;
  });
}

/**
 * Takes a member out: their sessions in this account and their agents' grants stop working at once,
 * in every process (the removal is counted as a revocation, ADR 0006).
 */
export function removeFromAccount(services: Services, principal: Principal, userId: string): Promise<void> {
  const { accountId } = principal;
  return services.database.write(async (tx) => {
    const member = await memberOf(tx, accountId, userId);
    assertMayRemoveMember(managerRole(principal), member, await countOwners(tx, accountId));
    await removeMember(tx, { accountId, userId, now: services.clock.now() });
  });
}
