import { router } from "../builders.ts";
import { getDashboard } from "./get-dashboard.ts";

export const dashboardRouter = router({ get: getDashboard });
