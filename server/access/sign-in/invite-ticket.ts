// An invite as a ticket in: a person with no account to act in who signs in on the way to
// /app/invite?token=… (the console sends a visitor through sign-in with that as `next`) joins the
// invite's account in the sign-in's own transaction, since a session needs an account to act in.
// The invite must be open (not accepted, revoked or expired) and, when it names an e-mail, name the
// one the sign-in verified. People who already have an account accept on the page (invites.accept).
import type { Executor } from "../../../db/client.ts";
import { addMember, findOpenInvite, markInviteAccepted, type InviteRow } from "../../../db/queries/members.ts";
import { normalizeEmail } from "../../../db/queries/users.ts";
import { sha256Hex } from "../../domain/secrets.ts";
import { SignInRefused } from "./providers.ts";

const INVITE_PATH = "/app/invite";

/** The invite token a sign-in's `next` carries, when it leads to the invite page. */
export function inviteTokenOf(next: string): string | null {
  const url = new URL(next, "http://next.invalid");
  return url.pathname === INVITE_PATH ? url.searchParams.get("token") : null;
}

/** The open invite this token names, if it admits this e-mail. */
export async function openInvite(tx: Executor, token: string, email: string, now: Date): Promise<InviteRow | null> {
  const invite = await findOpenInvite(tx, await sha256Hex(token), now);
  if (!invite || (invite.email !== null && normalizeEmail(invite.email) !== normalizeEmail(email))) return null;
  return invite;
}

export async function acceptInviteAtSignIn(tx: Executor, invite: InviteRow, userId: string, now: Date): Promise<void> {
  if (!(await markInviteAccepted(tx, { id: invite.id, userId, now }))) throw new SignInRefused("not_invited", `invite ${invite.id} stopped being open meanwhile`);
  await addMember(tx, { accountId: invite.accountId, userId, role: invite.role, canApprove: invite.canApprove, now });
}
