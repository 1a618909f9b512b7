// Wire shapes of the signed-in person's own view: who they are, where they act, their sessions.
import { z } from "zod";
import { SIGN_IN_METHODS } from "../../server/access/sessions.ts";
import { ROLES } from "../../server/domain/access.ts";
import { INTERFACE_LANGUAGES } from "../../server/domain/interface-languages.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { isoDateTime } from "../shared/schemas.ts";

export const meOutput = z
  .object({
    user: z.object({
      id: z.string().describe("usr_…"),
      email: z.string(),
      name: z.string().nullable(),
      interface_language: z.enum(INTERFACE_LANGUAGES).nullable().describe("the console language the person picked; null follows their browser"),
    }),
    account: z.object({ id: z.string().describe("acc_…"), name: z.string() }).describe("the account this session acts in"),
    role: z.enum(ROLES),
    can_approve: z.boolean().describe("whether the person may approve invoices here (owners and admins, or a member an owner allowed)"),
    scopes: z.array(z.enum(SCOPES)).describe("what the role allows in this account"),
    accounts: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })).describe("every account the person belongs to"),
    session: z.object({ id: z.string().describe("ses_…") }),
  })
  .meta({ id: "Me" });
export type MeOutput = z.infer<typeof meOutput>;

export const sessionOutput = z
  .object({
    id: z.string().describe("ses_…"),
    method: z.enum(SIGN_IN_METHODS).describe("how the person signed in"),
    user_agent: z.string().nullable(),
    created_at: isoDateTime,
    last_seen_at: isoDateTime.describe("updated at most once a minute"),
    expires_at: isoDateTime.describe("30 days after the last use"),
    current: z.boolean().describe("the session making this request"),
  })
  .meta({ id: "Session" });
