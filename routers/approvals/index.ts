import { router } from "../builders.ts";
import { listApprovals } from "./list-approvals.ts";

export const approvalsRouter = router({ list: listApprovals });
