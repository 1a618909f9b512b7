import type { Executor } from "../../db/client.ts";
import { findUserById, interfaceLanguageOf, membershipsOf } from "../../db/queries/users.ts";
import { scopesForRole, type Principal } from "../../server/domain/access.ts";
import { AppError } from "../../server/domain/errors.ts";
import type { MeOutput } from "./me.schema.ts";

/** What me.get shows for a person's session acting in `accountId`. */
export async function meView(db: Executor, params: { userId: string; accountId: string; sessionId: string }): Promise<MeOutput> {
  const [user, memberships, language] = await Promise.all([findUserById(db, params.userId), membershipsOf(db, params.userId), interfaceLanguageOf(db, params.userId)]);
  const current = memberships.find((membership) => membership.accountId === params.accountId);
  // The resolver admitted the session a moment ago; a removal in between ends it here too.
  if (!user || !current) throw new AppError("UNAUTHORIZED", "The session's person is no longer a member of its account");
  const scopes = scopesForRole(current.role, current.canApprove);
  return {
    user: { ...user, interface_language: language },
    account: { id: current.accountId, name: current.accountName },
    role: current.role,
    can_approve: scopes.includes("invoices:approve"),
    scopes,
    accounts: memberships.map((membership) => ({ id: membership.accountId, name: membership.accountName, role: membership.role })),
    session: { id: params.sessionId },
  };
}

/** The person and session behind a session procedure's call (sessionProcedure admits only sessions). */
export function sessionOf(principal: Principal): { userId: string; sessionId: string } {
  if (principal.kind !== "session" || principal.userId === null) throw new AppError("FORBIDDEN", "This operation needs a signed-in session");
  return { userId: principal.userId, sessionId: principal.id };
}
