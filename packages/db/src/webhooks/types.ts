export type {
  DeliveryStatus,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookStatus,
} from "../generated/prisma/client";
