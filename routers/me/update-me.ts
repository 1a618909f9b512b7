import { z } from "zod";
import { keepInterfaceLanguage } from "../../server/access/people.ts";
import { INTERFACE_LANGUAGES } from "../../server/domain/interface-languages.ts";
import { sessionProcedure } from "../builders.ts";
import { meOutput } from "./me.schema.ts";
import { meView, sessionOf } from "./me-view.ts";

export const updateMe = sessionProcedure
  .meta({
    openapi: { method: "PATCH", path: "/me", tags: ["me"], operationId: "updateMe", summary: "What the signed-in person sets for themselves: the console's language, in every account and browser" },
  })
  .input(z.strictObject({ interface_language: z.enum(INTERFACE_LANGUAGES).nullable().describe("the console's language for this person; null follows their browser") }))
  .output(meOutput)
  .mutation(async ({ ctx, input }) => {
    const session = sessionOf(ctx.principal);
    await keepInterfaceLanguage(ctx.services, session.userId, input.interface_language);
    return meView(ctx.services.database.db, { ...session, accountId: ctx.accountId });
  });
