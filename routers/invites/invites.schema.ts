// Wire shapes of invites: never the token, except in the url create answers, once.
import { z } from "zod";
import type { InviteRow } from "../../db/queries/members.ts";
import { ROLES } from "../../server/domain/access.ts";
import { isoDateTime, resourceId } from "../shared/schemas.ts";

export const inviteId = resourceId("ivt");

export const inviteToken = z.string().min(1).max(100).describe("the token from the invite's link (ivt_…)");

export const inviteOutput = z
  .object({
    id: z.string().describe("ivt_…"),
    email: z.string().nullable().describe("the only person who may accept it; null: whoever holds the link"),
    role: z.enum(ROLES),
    can_approve: z.boolean(),
    created_by: z.string().describe("who sent it: key:<id>, user:<id> or agent:<grant id>"),
    created_at: isoDateTime,
    expires_at: isoDateTime,
  })
  .meta({ id: "Invite" });
export type InviteOutput = z.infer<typeof inviteOutput>;

export function inviteView(row: InviteRow): InviteOutput {
  return { id: row.id, email: row.email, role: row.role, can_approve: row.canApprove, created_by: row.createdBy, created_at: row.createdAt, expires_at: row.expiresAt };
}
