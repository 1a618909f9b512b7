// People in tests: a user who is a member of an account, signed in with a session, without going
// through a provider (the sign-in suites test the providers themselves).
import { sessions } from "../../db/schema/sessions.ts";
import { memberships, users } from "../../db/schema/users.ts";
import { SESSION_DAYS, sessionCookieName, type Role } from "../../server/domain/access.ts";
import { newId } from "../../server/domain/ids.ts";
import { newSecret, sha256Hex } from "../../server/domain/secrets.ts";
import type { TestServer } from "./server.ts";

export type SignedIn = { userId: string; sessionId: string; email: string; token: string; cookie: string };

export async function signedIn(
  server: TestServer,
  options: { accountId: string; role?: Role; canApprove?: boolean; email?: string; name?: string },
): Promise<SignedIn> {
  const at = server.clock.now().toISOString();
  const email = options.email ?? `${crypto.randomUUID().slice(0, 8)}@people.test`;
  const userId = newId("usr", server.clock.now().getTime());
  await server.services.database.write(async (tx) => {
    await tx.insert(users).values({ id: userId, email, name: options.name ?? null, lastSignInAt: at, createdAt: at, updatedAt: at });
    await tx.insert(memberships).values({ accountId: options.accountId, userId, role: options.role ?? "owner", canApprove: options.canApprove ?? false, createdAt: at, updatedAt: at });
  });
  return anotherSession(server, { userId, email }, options.accountId);
}

/** A further session of the same person (another browser, another device), acting in `accountId`. */
export async function anotherSession(server: TestServer, person: Pick<SignedIn, "userId" | "email">, accountId: string): Promise<SignedIn> {
  const now = server.clock.now();
  const at = now.toISOString();
  const sessionId = newId("ses", now.getTime());
  const token = newSecret("ses_");
  await server.services.database.write(async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      tokenHash: await sha256Hex(token),
      userId: person.userId,
      accountId,
      method: "link",
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    });
  });
  return { userId: person.userId, sessionId, email: person.email, token, cookie: `${sessionCookieName(server.services.config.publicUrl)}=${token}` };
}
