import { router } from "../trpc.ts";
import { listApprovals } from "./list-approvals.ts";

export const approvalsRouter = router({ list: listApprovals });
