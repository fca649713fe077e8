export { type AddressVerdict, classifyAddress, isIpLiteral } from "./address-policy";
export {
  ATTEMPT_EXCHANGE_FORMAT,
  type AttemptExchange,
  decodeAttemptExchange,
  encodeAttemptExchange,
} from "./attempt-exchange";
export {
  keptRequestHeaders,
  type PackedRequestHeaders,
  packRequestHeaders,
  type RequestHeadersRef,
  unpackRequestHeaders,
} from "./attempt-request-headers";
export { type DeliveryKey, deliveryIdOf, deliveryKeyText, eventIdOfDelivery } from "./delivery-key";
export {
  DELIVERY_LIFECYCLE,
  DELIVERY_STATES,
  DELIVERY_STORED_STATUSES,
  type DeliveryEvent,
  type DeliveryState,
  type DeliveryStoredStatus,
  deliveryState,
  deliveryStatesFor,
  deliveryStoredStatusesFor,
  deliveryTransition,
  storedDeliveryStatus,
} from "./delivery-lifecycle";
export { type DisabledWebhookView, webhookDisabledData } from "./disabled-event";
export {
  ENDPOINT_HEALTH,
  ENDPOINT_LIFECYCLE,
  ENDPOINT_STATES,
  ENDPOINT_STORED_STATUSES,
  type EndpointEvent,
  type EndpointState,
  type EndpointStoredStatus,
  endpointState,
  endpointStatesFor,
  endpointTransition,
} from "./endpoint-lifecycle";
export { contextErasedData, type ErasedContextView } from "./erased-event";
export {
  type AnchorProofData,
  anchorProofSchema,
  type CatalogEventName,
  type ContextErasedData,
  chainLinkFields,
  contextConfirmedDataSchema,
  contextCreatedDataSchema,
  contextErasedDataSchema,
  contextFailedDataSchema,
  DATA_ERASED_BY,
  type DataErasedBy,
  EVENT_CATALOG,
  EVENT_ENVELOPE_SCHEMAS,
  eventEnvelopeJsonSchema,
  verificationCompletedDataSchema,
  WEBHOOK_DISABLED_REASONS,
  type WebhookDisabledData,
  type WebhookDisabledReason,
  webhookDisabledDataSchema,
} from "./event-schemas";
export {
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  MAX_DELIVERY_ATTEMPTS,
  parseRetryDelays,
} from "./retry-schedule";
export { sampleEventData, sampleEventEnvelope } from "./sample-events";
export {
  generateWebhookSecret,
  standardWebhooksKey,
  WEBHOOK_SECRET_PREFIX,
  webhookSecretProblem,
} from "./secrets";
export {
  buildWebhookHeaders,
  SIGNATURE_HEADERS,
  serviceSignature,
  standardWebhooksSignature,
  verifyServiceSignature,
  type WebhookHeaderFields,
  type WebhookHeaderInput,
  webhookHeadersOf,
} from "./signature";
export {
  WEBHOOK_HEALTH,
  WEBHOOK_STATES,
  type WebhookHealth,
  type WebhookState,
  webhookHealth,
  webhookState,
} from "./webhook-state";
export {
  checkWebhookUrl,
  MAX_WEBHOOK_URL_LENGTH,
  type WebhookUrlCheck,
  type WebhookUrlPolicy,
} from "./webhook-url";
