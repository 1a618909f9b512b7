import { router } from "../builders.ts";
import { getAccountProcedure } from "./get-account.ts";
import { updateAccountProcedure } from "./update-account.ts";

export const accountRouter = router({ get: getAccountProcedure, update: updateAccountProcedure });
