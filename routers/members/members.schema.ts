// Wire shape of a member: a person's place in the account.
import { z } from "zod";
import type { MemberRow } from "../../db/queries/members.ts";
import { ROLES } from "../../server/domain/access.ts";
import { isoDateTime, resourceId } from "../shared/schemas.ts";

export const userId = resourceId("usr");

export const memberOutput = z
  .object({
    user_id: z.string().describe("usr_…"),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES).describe("owner and admin manage the account; a member works on invoices"),
    can_approve: z.boolean().describe("a member's approval right, given by an owner (owners and admins approve anyway)"),
    joined_at: isoDateTime,
  })
  .meta({ id: "Member" });
export type MemberOutput = z.infer<typeof memberOutput>;

export function memberView(row: MemberRow): MemberOutput {
  return { user_id: row.userId, email: row.email, name: row.name, role: row.role, can_approve: row.canApprove, joined_at: row.joinedAt };
}
