import type { Executor } from "../../db/client.ts";
import { getAccount } from "../../db/queries/accounts.ts";
import { listSequences } from "../../db/queries/number-sequences.ts";
import { AppError } from "../../server/domain/errors.ts";
import type { AccountOutput } from "./account.schema.ts";

/** The account as GET/PUT /api/account show it: the profile plus its number sequences. */
export async function accountView(db: Executor, accountId: string): Promise<AccountOutput> {
  const account = await getAccount(db, accountId);
  if (!account) throw new AppError("UNAUTHORIZED", "The account of this key no longer exists");
  const { prefixes, ...profile } = account.profile;
  return {
    id: account.id,
    name: account.name,
    tier: account.tier as AccountOutput["tier"],
    ...profile,
    numbering: { prefixes, sequences: await listSequences(db, accountId) },
  };
}
