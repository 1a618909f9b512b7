// Who may read a custom template on the open template procedures: the account of a key holding
// templates:read. Built-ins need nobody.
import { AppError } from "../../server/domain/errors.ts";
import { isBuiltIn } from "../../server/templates.ts";
import type { ResolvedKey } from "../../db/queries/accounts.ts";

/** The reading account for `id`: null for a built-in or without a key (visibleTemplate then says 401). */
export function customTemplateReader(ctx: { key: ResolvedKey | null }, id: string): string | null {
  if (isBuiltIn(id) || !ctx.key) return null;
  if (!ctx.key.scopes.includes("templates:read")) {
    throw new AppError("FORBIDDEN", "The API key lacks the templates:read scope", { required_scope: "templates:read" });
  }
  return ctx.key.accountId;
}
