import type { WebhookDisabledData, WebhookDisabledReason } from "./event-schemas";

/** What the webhook.disabled builder needs from the webhook row. */
export interface DisabledWebhookView {
  id: string;
  description: string;
  disabledAt: Date;
  disabledReason: WebhookDisabledReason;
}

/** The data of `webhook.disabled`: which endpoint, when and why (never its URL, which may hold a token). */
export function webhookDisabledData(w: DisabledWebhookView): WebhookDisabledData {
  return {
    webhook_id: w.id,
    description: w.description,
    disabled_at: w.disabledAt.toISOString(),
    disabled_reason: w.disabledReason,
  };
}
