// The app router only maps names; every procedure lives in its own file under its resource.
import { accountRouter } from "./account/index.ts";
import { analyticsRouter } from "./analytics/index.ts";
import { approvalsRouter } from "./approvals/index.ts";
import { clientsRouter } from "./clients/index.ts";
import { dashboardRouter } from "./dashboard/index.ts";
import { eventsRouter } from "./events/index.ts";
import { grantsRouter } from "./grants/index.ts";
import { invitesRouter } from "./invites/index.ts";
import { invoicesRouter } from "./invoices/index.ts";
import { keysRouter } from "./keys/index.ts";
import { meRouter } from "./me/index.ts";
import { membersRouter } from "./members/index.ts";
import { platformRouter } from "./platform/index.ts";
import { productsRouter } from "./products/index.ts";
import { recurringRouter } from "./recurring/index.ts";
import { remindersRouter } from "./reminders/index.ts";
import { templatesRouter } from "./templates/index.ts";
import { usageRouter } from "./usage/index.ts";
import { importsRouter } from "./imports/index.ts";
import { webhooksRouter } from "./webhooks/index.ts";
import { router } from "./builders.ts";

export const appRouter = router({
  invoices: invoicesRouter,
  clients: clientsRouter,
  products: productsRouter,
  templates: templatesRouter,
  account: accountRouter,
  dashboard: dashboardRouter,
  analytics: analyticsRouter,
  events: eventsRouter,
  recurring: recurringRouter,
  reminders: remindersRouter,
  webhooks: webhooksRouter,
  platform: platformRouter,
  me: meRouter,
  keys: keysRouter,
  members: membersRouter,
  invites: invitesRouter,
  approvals: approvalsRouter,
  grants: grantsRouter,
  usage: usageRouter,
  imports: importsRouter,
});

export type AppRouter = typeof appRouter;
