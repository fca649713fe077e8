export {
  BlockedAddressError,
  createGuardedConnector,
  DESTINATION_NOT_ALLOWED,
  type GuardedConnectorOptions,
  guardedLookup,
} from "./guarded-connector";
export { describeSendError, findBlockedAddress } from "./send-errors";
export {
  createWebhookSender,
  type SendRequest,
  type SendResult,
  type WebhookSender,
  type WebhookSenderOptions,
} from "./sender";
