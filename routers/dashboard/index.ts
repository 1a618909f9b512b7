import { router } from "../trpc.ts";
import { getDashboard } from "./get-dashboard.ts";

export const dashboardRouter = router({ get: getDashboard });
