import { router } from "../builders.ts";
import { getAccount } from "./get-account.ts";
import { updateAccount } from "./update-account.ts";

export const accountRouter = router({ get: getAccount, update: updateAccount });
