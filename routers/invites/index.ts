import { router } from "../builders.ts";
import { acceptInvite } from "./accept-invite.ts";
import { createInvite } from "./create-invite.ts";
import { listInvites } from "./list-invites.ts";
import { previewInvite } from "./preview-invite.ts";
import { revokeInvite } from "./revoke-invite.ts";

export const invitesRouter = router({ list: listInvites, create: createInvite, revoke: revokeInvite, preview: previewInvite, accept: acceptInvite });
