// The account's seller profile as every write and document reads it, and the day it is there: new
// invoices copy the profile, and dates (issue, due, overdue) are days in the account's time zone.
import type { Executor } from "../../db/client.ts";
import { getAccount } from "../../db/queries/accounts.ts";
import { dateInZone } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import type { StoredProfile } from "../domain/profile.ts";

export async function loadProfile(db: Executor, accountId: string): Promise<StoredProfile> {
  const account = await getAccount(db, accountId);
  if (!account) throw new AppError("UNAUTHORIZED", "The account of this key no longer exists");
  return account.profile;
}

/** Today in the account's time zone. */
export function todayFor(profile: StoredProfile, now: Date): string {
  return dateInZone(now, profile.timezone);
}
