import type { Executor } from "../../db/client.ts";
import { getAccount } from "../../db/queries/accounts.ts";
import { listSequences } from "../../db/queries/number-sequences.ts";
import { todayFor } from "../../server/accounts/profile.ts";
import { AppError } from "../../server/domain/errors.ts";
import type { AccountOutput } from "./account.schema.ts";

/** The account as GET/PUT /api/account show it: the profile, its number sequences and its today at `now`. */
export async function accountView(db: Executor, accountId: string, now: Date): Promise<AccountOutput> {
  const account = await getAccount(db, accountId);
  if (!account) throw new AppError("UNAUTHORIZED", "The account of this key no longer exists");
  const { prefixes, ...profile } = account.profile;
  return {
    id: account.id,
    name: account.name,
    tier: account.tier as AccountOutput["tier"],
    ...profile,
    today: todayFor(account.profile, now),
    numbering: { prefixes, sequences: await listSequences(db, accountId) },
  };
}
