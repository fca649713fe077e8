export {
  BlockedAddressError,
  createGuardedConnector,
  type GuardedConnectorOptions,
  guardedLookup,
} from "./guarded-connector";
export { describeSendError } from "./send-errors";
export {
  createWebhookSender,
  type SendRequest,
  type SendResult,
  type WebhookSender,
  type WebhookSenderOptions,
} from "./sender";
