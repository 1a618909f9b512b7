import { router } from "../builders.ts";
import { createWebhook } from "./create-webhook.ts";
import { deleteWebhook } from "./delete-webhook.ts";
import { getWebhook } from "./get-webhook.ts";
import { listWebhookDeliveries } from "./list-webhook-deliveries.ts";
import { listWebhooks } from "./list-webhooks.ts";
import { redeliverWebhook } from "./redeliver-webhook.ts";
import { rotateWebhookSecret } from "./rotate-webhook-secret.ts";
import { testWebhook } from "./test-webhook.ts";
import { updateWebhook } from "./update-webhook.ts";

export const webhooksRouter = router({
  list: listWebhooks,
  get: getWebhook,
  create: createWebhook,
  update: updateWebhook,
  delete: deleteWebhook,
  rotateSecret: rotateWebhookSecret,
  test: testWebhook,
  deliveries: listWebhookDeliveries,
  redeliver: redeliverWebhook,
});
