import { z } from "zod";
import { isTimeZone } from "../../server/domain/profile.ts";
import { updateProfile } from "../../server/accounts/update-profile.ts";
import { invoiceType } from "../invoices/invoice.schema.ts";
import { givenFields } from "../shared/given-fields.ts";
import { addressInput, currencyCode, email, localeTag, paymentInput } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { accountOutput } from "./account.schema.ts";
import { accountView } from "./account-view.ts";

const nullableText = (max: number) => z.string().max(max).nullable().optional();

export const updateAccountInput = z.strictObject({
  name: z.string().trim().min(1).max(200).optional().describe("the account's own name, as its people see it (not printed on invoices)"),
  legal_name: z.string().trim().min(1).max(500).nullable().optional(),
  address: addressInput.nullable().optional(),
  tax_id: nullableText(100),
  registration_id: nullableText(100),
  contact: z.strictObject({ name: nullableText(200), phone: nullableText(50), email: email.nullable().optional() }).optional(),
  payment: paymentInput.optional(),
  logo: z.string().max(2000).nullable().optional().describe("logo URL; uploads arrive with templates"),
  currency: currencyCode.nullable().optional(),
  locale: localeTag.nullable().optional(),
  timezone: z.string().refine(isTimeZone, "an IANA time zone such as Europe/Berlin").optional(),
  numbering: z
    .strictObject({
      prefixes: z.partialRecord(invoiceType, z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_\/.-]+$/)).optional(),
      sequences: z.array(z.strictObject({ type: invoiceType, year: z.int().min(1900).max(9999), next: z.int().min(1) })).max(100).optional(),
    })
    .optional(),
});

export const updateAccount = scopedProcedure("account:admin")
  .meta({ openapi: { method: "PUT", path: "/account", tags: ["account"], operationId: "updateAccount", summary: "Rename the account or update its seller profile; fields merge, null clears" } })
  .input(updateAccountInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const { numbering, contact, payment, ...fields } = input;
    await updateProfile(ctx.services, ctx.accountId, {
      ...givenFields(fields),
      contact: givenFields(contact ?? {}),
      payment: givenFields(payment ?? {}),
      prefixes: givenFields(numbering?.prefixes ?? {}),
      sequences: numbering?.sequences,
    });
    return accountView(ctx.services.database.db, ctx.accountId, ctx.services.clock.now());
  });
