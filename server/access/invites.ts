// One-time invitations into an account (routers/invites/): the token is shown once (in the link, and
// e-mailed through the outbox when an address is given) and kept only as SHA-256; accepting joins
// the account, uses the invite up, and moves the accepting session into that account.
import { getAccount } from "../../db/queries/accounts.ts";
import {
  addMember,
  countOwners,
  findInvite,
  findMember,
  findOpenInvite,
  insertInvite,
  markInviteAccepted,
  moveSession,
  revokeInvite,
  updateMember,
  type InviteRow,
} from "../../db/queries/members.ts";
import { findUserById, normalizeEmail } from "../../db/queries/users.ts";
import { bodies } from "../automation/mail/content.ts";
import { queueAccountMail } from "../automation/mail/queue.ts";
import { actorOf, type Principal, type Role } from "../domain/access.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { assertMayInvite, higherRole, managerRole } from "../domain/membership.ts";
import { newSecret, sha256Hex } from "../domain/secrets.ts";
import { assertOwned } from "../invoices/ownership.ts";
import type { Services } from "../services.ts";
import { invitePhrases } from "./invite-phrases/index.ts";

/** The invite token's prefix: not the id's (ivt_), so a token is never mistaken for an id in a log or a form. */
export const INVITE_TOKEN_PREFIX = "sit_";
export const INVITE_DAYS = 7;
const DAY_MS = 86_400_000;

export type NewInvite = { email: string | null; role: Role; canApprove: boolean };

/** The console page that shows an invite and accepts it. */
export function inviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/app/invite?token=${token}`;
}

/** The invitation e-mail, in the account profile's language. */
export function inviteMail(account: { name: string; locale: string | null }, role: Role, url: string, expiresAt: string): { subject: string; text: string; html: string } {
  const { language, phrases, date } = invitePhrases(account.locale);
  return {
    subject: phrases.subject(account.name),
    ...bodies(language, { paragraphs: [phrases.body(account.name, phrases.roles[role], date(expiresAt.slice(0, 10)))], link: { label: phrases.linkLabel, url }, closing: phrases.ignore }),
  };
}

/** Creates an invite the caller may send; its link holds the token, the only time it exists outside the caller's hands. */
export function sendInvite(services: Services, principal: Principal, invite: NewInvite): Promise<{ invite: InviteRow; url: string }> {
  const { accountId } = principal;
  const now = services.clock.now();
  return services.database.write(async (tx) => {
    assertMayInvite(managerRole(principal), invite, await countOwners(tx, accountId));
    const token = newSecret(INVITE_TOKEN_PREFIX);
    const url = inviteUrl(services.config.publicUrl, token);
    const row: InviteRow = {
      id: newId("ivt", now.getTime()),
      accountId,
      email: invite.email === null ? null : normalizeEmail(invite.email),
      role: invite.role,
      canApprove: invite.canApprove,
      tokenHash: await sha256Hex(token),
      createdBy: actorOf(principal),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITE_DAYS * DAY_MS).toISOString(),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    };
    await insertInvite(tx, row);
    if (row.email) {
      const account = await getAccount(tx, accountId);
      const mail = inviteMail({ name: account?.name ?? "", locale: account?.profile.locale ?? null }, row.role, url, row.expiresAt);
      await queueAccountMail(services, tx, { accountId, kind: "invite", about: row.id, to: row.email, ...mail });
    }
    return { invite: row, url };
  });
}

const UNUSABLE = "This invite link is unknown, used, revoked or expired";

/** What an invite offers, for its page before signing in; 404 once it cannot be accepted. */
export async function inviteOffer(services: Services, token: string): Promise<{ accountName: string; role: Role; expiresAt: string }> {
  const invite = await findOpenInvite(services.database.db, await sha256Hex(token), services.clock.now());
  if (!invite) throw new AppError("NOT_FOUND", UNUSABLE, { field: "token" });
  return { accountName: invite.accountName, role: invite.role, expiresAt: invite.expiresAt };
}

/**
 * Joins the session's person to the invite's account (keeping a higher role they already hold there),
 * uses the invite up, and switches the session to that account; answers who is where now, as me.get
 * shows it. An invite made out to an e-mail address is only for the person signed in with it.
 */
export async function joinByInvite(services: Services, session: Principal, token: string): Promise<{ userId: string; accountId: string; sessionId: string }> {
  const { userId } = session;
  if (session.kind !== "session" || !userId) throw new AppError("FORBIDDEN", "Only a signed-in person accepts an invite");
  const now = services.clock.now();
  const accountId = await services.database.write(async (tx) => {
    const invite = await findOpenInvite(tx, await sha256Hex(token), now);
    if (!invite) throw new AppError("NOT_FOUND", UNUSABLE, { field: "token" });
    const user = await findUserById(tx, userId);
    if (invite.email !== null && (!user || normalizeEmail(user.email) !== normalizeEmail(invite.email))) {
      throw new AppError("FORBIDDEN", "This invite is made out to another e-mail address: sign in as that person to accept it", { field: "token" });
    }
    if (!(await markInviteAccepted(tx, { id: invite.id, userId, now }))) throw new AppError("NOT_FOUND", UNUSABLE, { field: "token" });
    const current = await findMember(tx, invite.accountId, userId);
    const membership = { accountId: invite.accountId, userId, now };
    if (current) {
      await updateMember(tx, { ...membership, role: higherRole(current.role, invite.role), canApprove: current.canApprove || invite.canApprove });
    } else {
      await addMember(tx, { ...membership, role: invite.role, canApprove: invite.canApprove });
    }
    // Counted as a revocation: no process's cache keeps acting in the old account for this session.
    await moveSession(tx, { sessionId: session.id, accountId: invite.accountId });
    return invite.accountId;
  });
  return { userId, accountId, sessionId: session.id };
}

/** Takes an open invite back; revoking it again answers when it was revoked. An accepted invite is a membership now. */
export function revokeInvitation(services: Services, principal: Principal, id: string): Promise<{ id: string; revoked_at: string }> {
  const { accountId } = principal;
  return services.database.write(async (tx) => {
    const invite = assertOwned(await findInvite(tx, id), accountId, "invite", id);
    if (invite.revokedAt) return { id, revoked_at: invite.revokedAt };
    if (invite.acceptedAt) throw new AppError("RESOURCE_IN_USE", "The invite was accepted already: remove the member instead", { field: "id" });
    assertMayInvite(managerRole(principal), invite, await countOwners(tx, accountId));
    const now = services.clock.now();
    await revokeInvite(tx, { id, now });
    return { id, revoked_at: now.toISOString() };
  });
}
