import { router } from "../builders.ts";
import { getUsage } from "./get-usage.ts";

export const usageRouter = router({ get: getUsage });
