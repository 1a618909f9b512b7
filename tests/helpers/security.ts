// The security cases every procedure gets (STYLE: one shared helper): no key, an unknown key, a
// revoked key, a key without the scope, and another account's key on this account's resource.
import { expect } from "bun:test";
import { revokeApiKey } from "../../db/queries/accounts.ts";
import { SCOPES, type Scope } from "../../server/domain/scopes.ts";
import type { Reply } from "./http.ts";
import { keyIdOf } from "./keys.ts";
import type { TestAccount, TestServer } from "./server.ts";

export type SecurityCase = {
  server: TestServer;
  /** The account owning the resource `call` touches. */
  owner: TestAccount;
  /** The scope the operation needs; null when any valid key will do. */
  scope: Scope | null;
  /** Makes the request with this key (null: no Authorization header). */
  call(key: string | null): Promise<Reply>;
  /** False for operations with no stored resource of the owner (lists, creates): skips the foreign case. */
  ownsResource?: boolean;
};

export async function expectSecurityCases({ server, owner, scope, call, ownsResource = true }: SecurityCase): Promise<void> {
  const missing = await call(null);
  expect(missing.status).toBe(401);
  expect(missing.body.code).toBe("UNAUTHORIZED");
  expect(missing.headers.get("www-authenticate")).toContain("Bearer");

  const unknown = await call("svc_0000000000000000000000000000");
  expect(unknown.status).toBe(401);
  expect(unknown.body.code).toBe("UNAUTHORIZED");

  const revokedKey = await server.key(owner.accountId, SCOPES);
  await server.services.database.write(async (tx) => revokeApiKey(tx, { keyId: await keyIdOf(server, revokedKey), now: server.clock.now() }));
  const revoked = await call(revokedKey);
  expect(revoked.status).toBe(401);
  expect(revoked.body.code).toBe("UNAUTHORIZED");

  if (scope) {
    const narrow = await server.key(owner.accountId, SCOPES.filter((candidate) => candidate !== scope));
    const wrongScope = await call(narrow);
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.body.code).toBe("FORBIDDEN");
  }

  if (ownsResource) {
    const stranger = await server.account();
    const foreign = await call(stranger.key);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("FORBIDDEN");
  }
}
