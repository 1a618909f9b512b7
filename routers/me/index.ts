import { router } from "../builders.ts";
import { getMe } from "./get-me.ts";
import { listSessions } from "./list-sessions.ts";
import { revokeSession } from "./revoke-session.ts";
import { switchAccount } from "./switch-account.ts";

export const meRouter = router({ get: getMe, switchAccount, sessions: listSessions, revokeSession });
