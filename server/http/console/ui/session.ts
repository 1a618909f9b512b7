// Who is signed in, for every page: the person, the account they act in, their role and scopes.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Scope } from "../../../domain/scopes.ts";
import type { Me } from "./api.ts";

export type Session = {
  me: Me;
  /** Reads me.get again (after switching accounts or accepting an invite). */
  refresh(): Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside a signed-in page");
  return session;
}

/** Whether the person's role in this account holds the scope (what the console shows them). */
export function can(me: Me, scope: Scope): boolean {
  return (me.scopes as readonly string[]).includes(scope);
}
