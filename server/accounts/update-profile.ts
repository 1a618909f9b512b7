// Every change to an account's name, seller profile and number sequences, whoever asks (account.update):
// the merge reads the profile under the write lock, so two updates in a row both land.
import { saveProfile } from "../../db/queries/accounts.ts";
import { setSequence, type Sequence } from "../../db/queries/number-sequences.ts";
import { toAddress, type AddressInput } from "../domain/invoice.ts";
import type { StoredProfile } from "../domain/profile.ts";
import type { Services } from "../services.ts";
import { loadProfile } from "./profile.ts";

/**
 * The fields an update gives, without the ones it leaves as they are (no `undefined`); null clears.
 * Contact, payment and prefixes merge field by field; sequences set the next number of each type and year given.
 */
export type ProfileChanges = Partial<Omit<StoredProfile, "address" | "contact" | "payment" | "prefixes">> & {
  /** The account's own name (what people and the console call it), not the seller's legal name. */
  name?: string;
  address?: AddressInput | null;
  contact?: Partial<StoredProfile["contact"]>;
  payment?: Partial<StoredProfile["payment"]>;
  prefixes?: Partial<StoredProfile["prefixes"]>;
  sequences?: readonly Sequence[];
};

/** Merges the changes into the account's profile and sets the given number sequences, in one transaction. */
export function updateProfile(services: Services, accountId: string, changes: ProfileChanges): Promise<void> {
  return services.database.write(async (tx) => {
    const current = await loadProfile(tx, accountId);
    const { name, address, contact, payment, prefixes, sequences, ...fields } = changes;
    const profile: StoredProfile = {
      ...current,
      ...fields,
      ...(address !== undefined ? { address: toAddress(address) } : {}),
      contact: { ...current.contact, ...contact },
      payment: { ...current.payment, ...payment },
      prefixes: { ...current.prefixes, ...prefixes },
    };
    await saveProfile(tx, { accountId, profile, name, now: services.clock.now() });
    for (const sequence of sequences ?? []) await setSequence(tx, accountId, sequence);
  });
}
