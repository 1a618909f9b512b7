import { router } from "../builders.ts";
import { getAnalytics } from "./get-analytics.ts";

export const analyticsRouter = router({ get: getAnalytics });
