// What a signed-in person sets for themselves, across every account they belong to: the console's
// language (ADR 0039's console, issue 23: the person's, never an account's).
import { setInterfaceLanguage } from "../../db/queries/users.ts";
import type { InterfaceLanguage } from "../domain/interface-languages.ts";
import type { Services } from "../services.ts";

/** Keeps the person's console language; null lets their browser's languages decide again. */
export function keepInterfaceLanguage(services: Services, userId: string, language: InterfaceLanguage | null): Promise<void> {
  return services.database.write((tx) => setInterfaceLanguage(tx, userId, language, services.clock.now()));
}
