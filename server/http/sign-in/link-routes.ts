// The sign-in link's routes: its confirmation page (GET never spends it: mail scanners fetch every
// link), the form post that spends it, and asking for one by e-mail. The request answers the same
// whoever asks, and a link goes only to someone who may sign in: a user with an account, or the
// holder of an open invite for that address. Requests are counted per client address (the anonymous
// tier) and per e-mail address, so nobody floods a mailbox through us.
import type { Executor } from "../../../db/client.ts";
import { consumeSignInLink, findSignInLink } from "../../../db/queries/sessions.ts";
import { findUserByEmail, normalizeEmail } from "../../../db/queries/users.ts";
import { email as emailSchema } from "../../../routers/shared/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { sha256Hex } from "../../domain/secrets.ts";
import type { TierLimits } from "../../domain/tiers.ts";
import { errorResponse, jsonResponse, type RequestInfo } from "../requests.ts";
import type { Services } from "../../services.ts";
import { addressSubject } from "../../access/rate-limit.ts";
import { accountForNewSession, type SignInMethod } from "../../access/sessions.ts";
import type { Person } from "../../access/sign-in/admission.ts";
import { readFields, redirect, signInPage, wantsPage } from "./navigation.ts";
import { safeNext } from "../../domain/access.ts";
import { inviteTokenOf, openInvite } from "../../access/sign-in/invite-ticket.ts";
import { issueSignInLink, LINK_MINUTES, type LinkRecipient } from "../../access/sign-in/links.ts";
import { linkConfirmationPage, spentLinkPage } from "./pages.ts";
import { SignInRefused } from "../../access/sign-in/providers.ts";

/** Link e-mails one address may be sent: enough to retry, too few to flood a mailbox. */
const LINKS_PER_ADDRESS: TierLimits = { burst: 3, hourly: 10, daily: 20 };

/** routes.ts's sign-in: admits the person `personIn` names (inside its transaction) and starts the session. */
export type SignIn = (request: Request, info: RequestInfo, method: SignInMethod, next: string, personIn: (tx: Executor) => Promise<Person>) => Promise<Response>;

export type LinkRoutes = {
  confirm(request: Request, url: URL): Promise<Response>;
  spend(request: Request, info: RequestInfo): Promise<Response>;
  request(request: Request, info: RequestInfo): Promise<Response>;
};

export function linkRoutes(services: Services, signIn: SignIn): LinkRoutes {
  const now = (): Date => services.clock.now();

  /** Who a requested link may go to, or null: the answer is the same either way. */
  async function recipient(tx: Executor, email: string, next: string): Promise<LinkRecipient | null> {
    const user = await findUserByEmail(tx, email);
    const accountId = user ? await accountForNewSession(tx, user.id) : null;
    if (user && accountId) return { email, accountId, about: user.id };
    const inviteToken = inviteTokenOf(next);
    const invite = inviteToken ? await openInvite(tx, inviteToken, email, now()) : null;
    return invite && { email, accountId: invite.accountId, about: invite.id };
  }


  return {
    async confirm(request, url) {
      const token = url.searchParams.get("token") ?? "";
      const link = token ? await findSignInLink(services.database.db, await sha256Hex(token)) : undefined;
      if (!link || link.usedAt !== null || Date.parse(link.expiresAt) <= now().getTime()) return spentLinkPage(request);
      return linkConfirmationPage(request, { token, next: safeNext(url.searchParams.get("next")), email: link.email });
    },

    async spend(request, info) {
      const fields = await readFields(request);
      const token = typeof fields.token === "string" ? fields.token : "";
      return signIn(request, info, "link", safeNext(fields.next), async (tx) => {
        const tokenHash = await sha256Hex(token);
        const email = await consumeSignInLink(tx, tokenHash, now());
        if (email) return { email, name: null, identity: null };
        throw new SignInRefused((await findSignInLink(tx, tokenHash))?.usedAt ? "link_used" : "link_expired");
      });
    },

    async request(request, info) {
      const visitor = await services.rateLimiter.hit(addressSubject(info.clientIp), services.config.tierLimits.anonymous, now());
      if (!visitor.allowed) return errorResponse(new AppError("RATE_LIMITED", `Too many sign-in requests from this address; retry after ${visitor.headers["Retry-After"]} s`), visitor.headers);
      const page = wantsPage(request);
      const fields = await readFields(request);
      const parsed = emailSchema.safeParse(typeof fields.email === "string" ? fields.email.trim() : fields.email);
      if (!parsed.success) {
        if (page) return redirect(signInPage({ error: "invalid_email" }), []);
        return errorResponse(new AppError("VALIDATION_ERROR", "email must be an e-mail address", { field: "email", issue: "invalid_format" }));
      }
      const email = normalizeEmail(parsed.data);
      const next = safeNext(fields.next);
      // Counted for every address, known or not, so the answer never tells which ones have users.
      if ((await services.rateLimiter.hit(`link:${await sha256Hex(email)}`, LINKS_PER_ADDRESS, now())).allowed) {
        await services.database.write(async (tx) => {
          const to = await recipient(tx, email, next);
          if (to) await issueSignInLink(services, tx, to, next);
        });
      }
      if (page) return redirect(signInPage({ sent: "1" }, next), []);
      return jsonResponse({ status: "accepted", detail: `If this address may sign in, a link is on its way; it works once, for ${LINK_MINUTES} minutes.` }, 202);
    },
  };
}
