// Who may come in (ADR "sessions"), the same for every way of signing in. A person is found by the
// provider's stable subject first, else by the verified e-mail (which then links the identity, so
// the next sign-in no longer depends on the address). Someone with no account to act in (a stranger,
// or a user removed from every account) comes in only with an invite that is still open (the
// sign-in arrived on its way to /app/invite), or, with SIGN_UP=open, as the owner of a new account of
// their own; otherwise the sign-in is refused (not_invited, or no_account for a known user).
import type { Executor } from "../../../db/client.ts";
import { createAccount } from "../../../db/queries/accounts.ts";
import { addMember } from "../../../db/queries/members.ts";
import { createUser, findUserByEmail, findUserByIdentity, linkIdentity, recordSignIn, type UserRow } from "../../../db/queries/users.ts";
import type { Services } from "../../services.ts";
import { accountForNewSession } from "../sessions.ts";
import { acceptInviteAtSignIn, openInvite } from "./invite-ticket.ts";
import { SignInRefused, type ProviderId } from "./providers.ts";

/** Who is signing in: a verified e-mail, with the provider identity behind it (none for a link). */
export type Person = { email: string; name: string | null; identity: { provider: ProviderId; subject: string } | null };

/** The user that came in, the account their session acts in, and whether an invite brought them there. */
export type Admitted = { userId: string; accountId: string; acceptedInvite: boolean };

async function knownUser(tx: Executor, person: Person, now: Date): Promise<UserRow | undefined> {
  const { identity } = person;
  const linked = identity ? await findUserByIdentity(tx, identity.provider, identity.subject) : undefined;
  if (linked) return linked;
  const user = await findUserByEmail(tx, person.email);
  if (user && identity) await linkIdentity(tx, { ...identity, userId: user.id, now });
  return user;
}

async function newUser(tx: Executor, person: Person, now: Date): Promise<UserRow> {
  const user = await createUser(tx, { email: person.email, name: person.name, now });
  if (person.identity) await linkIdentity(tx, { ...person.identity, userId: user.id, now });
  return user;
}

/** SIGN_UP=open: an account of the person's own, named after them, which they own. */
async function ownAccount(tx: Executor, user: UserRow, now: Date, locale: string): Promise<string> {
  const account = await createAccount(tx, { name: user.name ?? user.email, tier: "free", now, locale });
  await addMember(tx, { accountId: account.id, userId: user.id, role: "owner", canApprove: false, now });
  return account.id;
}

/**
 * Admits a person in the sign-in's transaction, or throws SignInRefused. `inviteToken` is the
 * invite the sign-in is on its way to accept, if any.
 */
export async function admit(services: Services, tx: Executor, person: Person, inviteToken: string | null): Promise<Admitted> {
  const now = services.clock.now();
  const known = await knownUser(tx, person, now);
  const usual = known ? await accountForNewSession(tx, known.id) : null;
  let admitted: Admitted;
  if (known && usual) {
    admitted = { userId: known.id, accountId: usual, acceptedInvite: false };
  } else {
    const invite = inviteToken ? await openInvite(tx, inviteToken, person.email, now) : null;
    if (!invite && services.config.signIn.signUp !== "open") {
      throw known ? new SignInRefused("no_account", `${known.id} is a member of no account`) : new SignInRefused("not_invited", "no user has this identity or e-mail, and SIGN_UP is invite");
    }
    const user = known ?? (await newUser(tx, person, now));
    if (invite) await acceptInviteAtSignIn(tx, invite, user.id, now);
    admitted = { userId: user.id, accountId: invite ? invite.accountId : await ownAccount(tx, user, now, services.config.defaultLocale), acceptedInvite: invite !== null };
  }
  await recordSignIn(tx, { userId: admitted.userId, name: person.name, now });
  return admitted;
}
