import type { ResolvedKey } from "../../db/queries/accounts.ts";
import type { Writer } from "../../server/invoices/writes.ts";

/** Whether the key may approve (DESIGN "Lifecycle"): it holds invoices:approve. */
export function mayApprove(key: ResolvedKey): boolean {
  return key.scopes.includes("invoices:approve");
}

/** The writer behind a key: its account, its id for history, and whether it may approve. */
export function writerOf(ctx: { key: ResolvedKey; accountId: string }): Writer {
  return {
    accountId: ctx.accountId,
    actor: `key:${ctx.key.keyId}`,
    mover: { kind: "user", canApprove: mayApprove(ctx.key) },
  };
}
