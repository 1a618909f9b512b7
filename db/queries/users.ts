// People and their places in accounts, as sign-in needs them: a user by provider identity or by
// e-mail, a new user, the link from a provider identity to a user, and a user's memberships.
// (Adding, changing and removing members, and invites, are db/queries/members.ts.)
import { and, asc, eq, sql } from "drizzle-orm";
import type { Role } from "../../server/domain/access.ts";
import { newId } from "../../server/domain/ids.ts";
import type { InterfaceLanguage } from "../../server/domain/interface-languages.ts";
import type { Executor } from "../client.ts";
import { accounts, memberships, userIdentities, users } from "../schema/index.ts";

export type UserRow = { id: string; email: string; name: string | null };

export type MembershipRow = { accountId: string; accountName: string; role: Role; canApprove: boolean };

/** E-mail addresses are compared and stored lower-cased, without surrounding space. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const userColumns = { id: users.id, email: users.email, name: users.name };

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

/** The user a provider's stable subject (never its e-mail alone) belongs to. */
export async function findUserByIdentity(db: Executor, provider: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row;
}

export async function createUser(db: Executor, params: { email: string; name: string | null; now: Date }): Promise<UserRow> {
  const at = params.now.toISOString();
  const row = { id: newId("usr", params.now.getTime()), email: normalizeEmail(params.email), name: params.name };
  await db.insert(users).values({ ...row, createdAt: at, updatedAt: at });
  return row;
}

export async function linkIdentity(db: Executor, params: { provider: string; subject: string; userId: string; now: Date }): Promise<void> {
  await db.insert(userIdentities).values({ provider: params.provider, subject: params.subject, userId: params.userId, createdAt: params.now.toISOString() });
}

/** Notes the sign-in, and takes the provider's name for a user who has none yet. */
export async function recordSignIn(db: Executor, params: { userId: string; name: string | null; now: Date }): Promise<void> {
  const at = params.now.toISOString();
  await db
    .update(users)
    .set({ lastSignInAt: at, updatedAt: at, name: sql`coalesce(${users.name}, ${params.name})` })
    .where(eq(users.id, params.userId));
}

/** A user's accounts with their role in each, the oldest membership first. */
export async function membershipsOf(db: Executor, userId: string): Promise<MembershipRow[]> {
  const rows = await db
    .select({ accountId: memberships.accountId, accountName: accounts.name, role: memberships.role, canApprove: memberships.canApprove })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId));
  return rows as MembershipRow[];
}

/** The console language the person picked; null when they never did. */
export async function interfaceLanguageOf(db: Executor, userId: string): Promise<InterfaceLanguage | null> {
  const [row] = await db.select({ language: users.interfaceLanguage }).from(users).where(eq(users.id, userId));
  return (row?.language as InterfaceLanguage | null | undefined) ?? null;
}

export async function setInterfaceLanguage(db: Executor, userId: string, language: InterfaceLanguage | null, now: Date): Promise<void> {
  await db.update(users).set({ interfaceLanguage: language, updatedAt: now.toISOString() }).where(eq(users.id, userId));
}
