// First start with an empty database: a default account and one key holding every scope, printed
// once so a newcomer can curl straight away.
import { countAccounts, createAccount, createApiKey } from "../../db/queries/accounts.ts";
import { SCOPES } from "../domain/scopes.ts";
import type { Services } from "../services.ts";

export async function ensureDefaultAccount(services: Services, print: (line: string) => void = console.log): Promise<void> {
  const token = await services.database.write(async (tx) => {
    if ((await countAccounts(tx)) > 0) return null;
    const now = services.clock.now();
    const account = await createAccount(tx, { name: "Default account", tier: "pro", now, locale: services.config.defaultLocale });
    const key = await createApiKey(tx, { accountId: account.id, name: "first key", scopes: SCOPES, now });
    return key.token;
  });
  if (token) {
    print("Created the default account. Its API key is shown only this once:");
    print(`API key: ${token}`);
  }
}
