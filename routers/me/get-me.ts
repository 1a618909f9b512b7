import { z } from "zod";
import { sessionProcedure } from "../builders.ts";
import { meOutput } from "./me.schema.ts";
import { meView, sessionOf } from "./me-view.ts";

export const getMe = sessionProcedure
  .meta({ openapi: { method: "GET", path: "/me", tags: ["me"], operationId: "getMe", summary: "The signed-in person, the account the session acts in, their role there and their other accounts" } })
  .input(z.strictObject({}))
  .output(meOutput)
  .query(({ ctx }) => meView(ctx.services.database.db, { ...sessionOf(ctx.principal), accountId: ctx.accountId }));
