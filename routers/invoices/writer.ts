import { actorOf, mayApprove, type Principal } from "../../server/domain/access.ts";
import type { Writer } from "../../server/invoices/writes.ts";

/** The writer behind a credential: its account, who acted for history, and whether it may approve. */
export function writerOf(ctx: { principal: Principal; accountId: string }): Writer {
  return {
    accountId: ctx.accountId,
    actor: actorOf(ctx.principal),
    mover: { kind: "user", canApprove: mayApprove(ctx.principal) },
  };
}
