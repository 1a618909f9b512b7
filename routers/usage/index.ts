import { router } from "../trpc.ts";
import { getUsage } from "./get-usage.ts";

export const usageRouter = router({ get: getUsage });
