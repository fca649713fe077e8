// @ctxlog/sdk — runs without any ctxlog server package; its only runtime dependency is viem.

// what verifyContext's logKey and witnessPolicy take (version 4 bundles), from the log's formats
export { type NoteVerifierKey, parseVerifierKey, type WitnessPolicy, witnessPolicy } from "@ctxlog/tlog";
export {
  type AgentLog,
  AgentsApi,
  type AgentTrace,
  type EraseAgentDataStep,
  type EvidenceParams,
  type ExportAgentParams,
  type ListAgentsParams,
  type OtelRefusals,
} from "./agents";
export * from "./audit";
export { type ContextHashInput, canonicalize, hashContext } from "./canonical";
export {
  type ContextReceipt,
  computeEntryHash,
  LOG_TYPES,
  RECEIPT_DOMAIN,
  verifyReceipt,
  ZERO_ENTRY_HASH,
} from "./chain-entry";
export {
  type CallOptions,
  ContextsApi,
  CtxlogClient,
  type CtxlogClientOptions,
  DeliveriesApi,
  SignersApi,
  VerificationsApi,
  WebhooksApi,
} from "./client";
export { clientFromEnv, DEFAULT_BASE_URL } from "./client-from-env";
export {
  ContextLogger,
  ContextLoggerClosedError,
  ContextLoggerFlushError,
  type ContextLoggerOptions,
  ContextLoggerQueueFullError,
  ContextLoggerUnsentError,
} from "./context-logger";
export { CONTEXT_SOURCE_KEY, type ContextSource } from "./context-source";
export { erasedAt, type HeldContext, withHeldData } from "./erased-bundle";
export {
  type ApiErrorInit,
  ConfirmationTimeoutError,
  ContextTooLargeError,
  CtxlogApiError,
  CtxlogConnectionError,
  CtxlogError,
  isApiError,
  isApiErrorCode,
  isTooLarge,
  NotJsonError,
  RpcUnreachableError,
  type UnknownErrorCode,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from "./errors";
export {
  EventsApi,
  type EventType,
  type ListEventsParams,
  type RecordedEvent,
  type RecoveringWebhook,
} from "./events";
export * from "./evidence";
export { type EraseOptions, HoldsApi, type LegalHold } from "./holds";
export { type HttpOptions, parseRetryAfter, type RetryOptions } from "./http";
export { installedLibrary, installedVersion } from "./installed-version";
export type { LogKey, LogTrust } from "./log-checks";
export { processMerkleProof, verifyMerkleProof } from "./merkle";
export { CHECK_NAMES, type CheckName, type CheckResult, V4_CHECK_NAMES } from "./offline-checks";
export {
  type AnchoringCosts,
  type AnchoringStatus,
  type Overview,
  OverviewApi,
  type OverviewSeries,
  type SearchResult,
  type TimeWindow,
  type WebhookStats,
} from "./overview";
export { paginate } from "./pagination";
export { checkProofBundle, isProofBundle, type ProofBundleCheck } from "./proof-bundle";
export { anchoredEventAbi } from "./registry-abi";
export { SALT_METADATA_KEY, saltContext } from "./salt";
export * from "./tlog";
export * from "./types";
export { type CheckStatus, checkStatus, type VerificationVerdict, verdictOf } from "./verdict";
export { type VerifyContextOptions, type VerifyContextResult, verifyContext } from "./verify-context";
export type { WaitConfirmedOptions } from "./wait-confirmed";
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
} from "./webhooks";
