// People in an account: memberships (with the user each belongs to) and one-time invites. Removing a
// member revokes their sessions and their agents' grants in that account in the same transaction.
import { and, asc, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Role } from "../../server/domain/access.ts";
import type { Executor } from "../client.ts";
import { accounts, invites, memberships, oauthGrants, sessions, users } from "../schema/index.ts";
import { noteRevocation } from "./revocations.ts";

export type MemberRow = { userId: string; email: string; name: string | null; role: Role; canApprove: boolean; joinedAt: string };

const memberColumns = {
  userId: memberships.userId,
  email: users.email,
  name: users.name,
  role: memberships.role,
  canApprove: memberships.canApprove,
  joinedAt: memberships.createdAt,
};

/** The account's members, earliest first. */
export async function listAccountMembers(db: Executor, accountId: string): Promise<MemberRow[]> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId));
  return rows as MemberRow[];
}

export async function findMember(db: Executor, accountId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row as MemberRow | undefined;
}

export async function countOwners(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner")));
  return row?.n ?? 0;
}

export async function addMember(db: Executor, params: { accountId: string; userId: string; role: Role; canApprove: boolean; now: Date }): Promise<void> {
  const at = params.now.toISOString();
  await db.insert(memberships).values({ accountId: params.accountId, userId: params.userId, role: params.role, canApprove: params.canApprove, createdAt: at, updatedAt: at });
}

/** Changes a member's role; counted as a revocation (revocations.ts): a narrower role binds their cached sessions and agents at once. */
export async function updateMember(db: Executor, params: { accountId: string; userId: string; role: Role; canApprove: boolean; now: Date }): Promise<void> {
  await db
    .update(memberships)
    .set({ role: params.role, canApprove: params.canApprove, updatedAt: params.now.toISOString() })
    .where(and(eq(memberships.accountId, params.accountId), eq(memberships.userId, params.userId)));
  await noteRevocation(db);
}

/**
 * Takes a person out of an account: the membership goes, and so do their sessions acting in it and
 * the grants their agents hold in it (the credential lookups join on membership too, so nothing of
 * theirs resolves in this account even before the revocations are read). Counted as a revocation
 * (revocations.ts), so no process's cache keeps them.
 */
export async function removeMember(db: Executor, params: { accountId: string; userId: string; now: Date }): Promise<void> {
  const { accountId, userId } = params;
  const at = params.now.toISOString();
  await db.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db
    .update(oauthGrants)
    .set({ revokedAt: at })
    .where(and(eq(oauthGrants.accountId, accountId), eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)));
  await noteRevocation(db);
}

/**
 * Moves a session to another of its user's accounts (accepting an invite switches to the new account).
 * Counted as a revocation (revocations.ts): no process may keep acting in the old account for it.
 */
export async function moveSession(db: Executor, params: { sessionId: string; accountId: string }): Promise<void> {
  await db.update(sessions).set({ accountId: params.accountId }).where(eq(sessions.id, params.sessionId));
  await noteRevocation(db);
}

export type InviteRow = typeof invites.$inferSelect & { role: Role };

export async function insertInvite(db: Executor, invite: typeof invites.$inferInsert & { role: Role }): Promise<void> {
  await db.insert(invites).values(invite);
}

/** The invite with this id in any account: the caller decides between 403 and 404. */
export async function findInvite(db: Executor, id: string): Promise<{ accountId: string; record: InviteRow } | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id));
  return row ? { accountId: row.accountId, record: row as InviteRow } : undefined;
}

/** Invites that can still be accepted: neither accepted, revoked nor expired. Newest first. */
export async function listOpenInvites(db: Executor, accountId: string, now: Date): Promise<InviteRow[]> {
  const rows = await db
    .select()
    .from(invites)
    .where(and(eq(invites.accountId, accountId), openAt(now)))
    .orderBy(desc(invites.createdAt), desc(invites.id));
  return rows as InviteRow[];
}

function openAt(now: Date) {
  return and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now.toISOString()));
}

/** An invite that can still be accepted, by its token's hash, with its account's name. */
export async function findOpenInvite(db: Executor, tokenHash: string, now: Date): Promise<(InviteRow & { accountName: string }) | undefined> {
  const [row] = await db
    .select({ invite: invites, accountName: accounts.name })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(eq(invites.tokenHash, tokenHash), openAt(now)));
  return row ? ({ ...row.invite, accountName: row.accountName } as InviteRow & { accountName: string }) : undefined;
}

/** Marks an open invite used; false when it was not open any more (accepted at the same moment, revoked, expired). */
export async function markInviteAccepted(db: Executor, params: { id: string; userId: string; now: Date }): Promise<boolean> {
  const result = await db
    .update(invites)
    .set({ acceptedAt: params.now.toISOString(), acceptedBy: params.userId })
    .where(and(eq(invites.id, params.id), openAt(params.now)));
  return result.rowsAffected === 1;
}

export async function revokeInvite(db: Executor, params: { id: string; now: Date }): Promise<void> {
  await db.update(invites).set({ revokedAt: params.now.toISOString() }).where(and(eq(invites.id, params.id), isNull(invites.revokedAt)));
}
