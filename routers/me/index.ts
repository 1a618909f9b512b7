import { router } from "../builders.ts";
import { getMe } from "./get-me.ts";
import { listSessions } from "./list-sessions.ts";
import { revokeSession } from "./revoke-session.ts";
import { switchAccount } from "./switch-account.ts";
import { updateMe } from "./update-me.ts";

export const meRouter = router({ get: getMe, update: updateMe, switchAccount, sessions: listSessions, revokeSession });
