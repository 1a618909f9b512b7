// The app router only maps names; every procedure lives in its own file under its resource.
import { accountRouter } from "./account/index.ts";
import { analyticsRouter } from "./analytics/index.ts";
import { clientsRouter } from "./clients/index.ts";
import { dashboardRouter } from "./dashboard/index.ts";
import { eventsRouter } from "./events/index.ts";
import { invoicesRouter } from "./invoices/index.ts";
import { platformRouter } from "./platform/index.ts";
import { productsRouter } from "./products/index.ts";
import { recurringRouter } from "./recurring/index.ts";
import { remindersRouter } from "./reminders/index.ts";
import { templatesRouter } from "./templates/index.ts";
import { webhooksRouter } from "./webhooks/index.ts";
import { router } from "./trpc.ts";

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
});

export type AppRouter = typeof appRouter;
