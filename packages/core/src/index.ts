// The transparency log's formats: a package of their own (packages/tlog), which the published SDK
// depends on too; re-exported so the server reaches them as `@ctxlog/core`.
export * from "@ctxlog/tlog";
export {
  AGENT_ID_PATTERN,
  agentMatches,
  isValidAgentId,
  isValidAgentPattern,
} from "./agent-patterns";
export {
  ANCHOR_IN_FLIGHT_STATUSES,
  ANCHOR_LIFECYCLE,
  ANCHOR_STATUSES,
  type AnchorBatchStatus,
  type AnchorEvent,
  anchorStatusesFor,
  anchorTransition,
} from "./anchors/anchor-lifecycle";
export {
  API_KEY_PREFIXES,
  API_KEY_TYPES,
  type ApiKeyType,
  type ContextReadScope,
  contextReadScope,
  type GeneratedApiKey,
  generateApiKey,
  hashApiKey,
  keyCan,
  keyTypeFromPrefix,
  type Operation,
  parseApiKey,
  timingSafeEqualHex,
  type VerificationReadScope,
  verificationReadScope,
} from "./api-keys";
export { BlockTimeEstimator } from "./block-time";
export {
  type CanonicalContext,
  type ContextHashInput,
  canonicalContext,
  canonicalJson,
  hashCanonical,
  hashContext,
} from "./canonical";
export {
  CHAIN_TYPES,
  entryHash,
  type LogEntryFields,
  RECEIPT_DOMAIN,
  type ReceiptFields,
  receiptDigest,
  receiptTypedData,
  recoverReceiptSigner,
  ZERO_ENTRY_HASH,
} from "./chain-entry";
export { ConfigError, envFlag, optionalEnv, parseConfig } from "./config";
export {
  CONTEXT_LIFECYCLE,
  CONTEXT_STATUSES,
  type ContextEvent,
  type ContextStatus,
  contextStatusesFor,
  contextTransition,
} from "./contexts/context-lifecycle";
export {
  type PlanRetention,
  parsePlanRetention,
  type RetentionPolicy,
  retentionPolicies,
} from "./data-retention";
export { dataRetentionEnv, planRetentionDays } from "./data-retention-env";
export {
  DEVELOPMENT_MODE_VARIABLE,
  describeDevelopmentKey,
  developmentKeyProblems,
  WELL_KNOWN_DEVELOPMENT_KEYS,
} from "./development-keys";
export {
  AppError,
  type AppErrorOptions,
  ERROR_CODES,
  ERROR_STATUS,
  type ErrorCode,
  EVENT_ONLY_ERROR_CODES,
  type EventOnlyErrorCode,
  HTTP_ERROR_CODES,
  type HttpErrorCode,
  isAppError,
  isErrorCode,
  isHttpErrorCode,
} from "./errors";
export {
  CONFIRMED_REFERENCE,
  CREATED_REFERENCE_MARK,
  createdReference,
  EVENT_REFERENCE_MARK,
  isEventReference,
  type ReferencedAnchor,
  type ReferencedContext,
  renderStoredPayload,
  type StoredEventRow,
  storedPayload,
} from "./event-references";
export {
  type ConfirmedContextView,
  type ContextConfirmedData,
  type ContextCreatedData,
  type ContextFailedData,
  type ContextView,
  type CreatedContextView,
  confirmationSeconds,
  confirmationsAt,
  contextConfirmedData,
  contextCreatedData,
  contextFailedData,
  type EnvelopeInput,
  EVENT_NAMES,
  type EventName,
  type FailedContextView,
  isEventName,
  serializeEnvelope,
} from "./events";
export {
  HOLD_LIFECYCLE,
  HOLD_STATES,
  type HoldEvent,
  type HoldState,
  holdState,
} from "./holds/hold-lifecycle";
export { ID_PREFIXES, type IdPrefix, idFloor, idTimestamp, isId, newId } from "./ids";
export { findJsonHazard, type JsonHazard } from "./json-safety";
export {
  type JsonPath,
  type JsonPiece,
  JsonScanError,
  type JsonScanOptions,
  jsonSkeleton,
  scanJson,
} from "./json-scan";
export { fastKeccakLoaded, keccak256Bytes, keccak256Hex, loadFastKeccak } from "./keccak";
export {
  defineLifecycle,
  type Lifecycle,
  mermaidDiagram,
  statesFor,
  type Transition,
  TransitionRefused,
  transition,
} from "./lifecycle";
export {
  buildMerkleLevels,
  buildMerkleTree,
  contextLeaf,
  type MerkleLevels,
  type MerkleTree,
  verifyMerkleProof,
} from "./merkle";
export { MicroBatcher, type MicroBatcherOptions } from "./micro-batcher";
export {
  type BuildNewContextsOptions,
  buildNewContexts,
  type ContextOwner,
  type NewContext,
  type NewContextInput,
} from "./new-context";
export { generateOpaqueToken, hashOpaqueToken, isOpaqueToken, timingSafeEqualText } from "./opaque-tokens";
export * from "./otel";
export { type CursorShape, decodeCursor, encodeCursor, idCursor } from "./pagination";
export {
  checkRedisTopology,
  type RedisNode,
  type RedisTarget,
  redisTargetFrom,
  redisTopologyEnv,
} from "./redis-target";
export { secp256k1Backend } from "./secp256k1";
export * from "./secrets-at-rest";
export {
  DEFAULT_PG_TIMEOUTS,
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  type PgTimeouts,
  pgTimeoutsEnv,
  pgTimeoutsFrom,
  postgresEnv,
  redisEnv,
  redisTimeoutsEnv,
} from "./service-timeouts";
export {
  type ContextSigner,
  createContextSigner,
  recoverContextSigner,
  signContextHash,
  signerAddress,
  verifyContextSignature,
} from "./signing";
export {
  CANONICAL_DEFLATE,
  CANONICAL_RAW,
  type ContextBody,
  decodeCanonical,
  decodeCanonicalBytes,
  decodeContextBody,
  decodeProof,
  ERASED_BODY,
  encodeCanonical,
  encodeProof,
  jsonStringBytes,
} from "./stored-data";
export { MAX_SERIES_SPAN_MS, type TimeBuckets, timeBuckets } from "./time-buckets";
export * from "./verification";
export * from "./webhooks";
export * from "./window-batcher";
