// Who may read a custom template on the open template procedures: the account of a key holding
// templates:read. Built-ins need nobody.
import { isBuiltIn } from "../../server/documents/templates.ts";
import type { Principal } from "../../server/domain/access.ts";
import { assertScope } from "../builders.ts";

/** The reading account for `id`: null for a built-in or without a key (visibleTemplate then says 401). */
export function customTemplateReader(ctx: { principal: Principal | null }, id: string): string | null {
  if (isBuiltIn(id) || !ctx.principal) return null;
  assertScope(ctx.principal, "templates:read");
  return ctx.principal.accountId;
}
