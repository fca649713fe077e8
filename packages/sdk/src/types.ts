import type { ContextReceipt } from "./chain-entry";
// Every request and response shape of the ctxlog API v1, in one file so that endpoints still being
// built server-side can be adjusted here alone. Hand-written (no zod, no server import): the SDK
// must install and run without any server package. Fields the server may add later are allowed by
// TypeScript's structural typing; fields documented as nullable are typed `| null`.

/** Codes of `{"error":{"code",…}}`, a closed list (docs/api.md, "Errors"). */
export const API_ERROR_CODES = [
  "INVALID_API_KEY",
  // the next three answer the dashboard's cookie sessions, never a request made with a key
  "INVALID_CREDENTIALS",
  "INVALID_SESSION",
  "INSUFFICIENT_PERMISSIONS",
  "CSRF_TOKEN_INVALID",
  "RATE_LIMIT_EXCEEDED",
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "NOT_FOUND",
  "CONFLICT",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export type Hex = `0x${string}`;
/** ISO 8601 UTC timestamp, e.g. `2025-01-31T12:00:00.000Z`. */
export type Timestamp = string;
export type JsonObject = { [key: string]: unknown };

/** Every list endpoint answers this; pass `next_cursor` back as `cursor` until it is null. */
export interface ListResponse<T> {
  data: T[];
  next_cursor: string | null;
}

export interface PageParams {
  /** 1–100, default 20. */
  limit?: number;
  cursor?: string;
}

// ---- GET /v1/status -------------------------------------------------------------------------

export type ApiKeyType = "full" | "read_only" | "public" | "restricted";

export interface AuthStatus {
  status: "authenticated";
  user_id: string;
  plan: string;
  key: { key_id: string; type: ApiKeyType };
  rate_limit: { limit: number; requests_remaining: number; reset_time: Timestamp };
}

// ---- contexts ---------------------------------------------------------------------------------

export type ContextStatus = "pending" | "confirmed" | "failed";
export type Visibility = "public" | "private";

export interface CreateContextInput {
  agent_id: string;
  context_data: JsonObject;
  /** Hashed too; the server stores `{}` when omitted. */
  metadata?: JsonObject;
  /** Default `private`; `public` contexts are readable with public (`pk_`) keys. */
  visibility?: Visibility;
  /**
   * Adds a 32-byte random salt to metadata (`ctxlog_salt`) before sending: for short or guessable
   * data, whose hash could otherwise be reversed by guessing. The salt is erased with the data;
   * keep the context as sent (the record's metadata shows it) to prove it after an erasure.
   */
  salt?: boolean;
}

export interface CreateContextOptions {
  /** Same key + same body within 24 h returns the first response; another body is a 409 CONFLICT. */
  idempotencyKey?: string;
}

export interface Context {
  context_id: string;
  agent_id: string;
  status: ContextStatus;
  visibility: Visibility;
  context_hash: Hex;
  signature: Hex;
  signer_address: Hex;
  /** Null until the anchoring transaction is broadcast. */
  transaction_hash: Hex | null;
  network: string;
  confirmations: number;
  block_number: number | null;
  block_timestamp: Timestamp | null;
  gas_used: number | null;
  confirmation_time_seconds: number | null;
  created_at: Timestamp;
  estimated_confirmation: Timestamp;
  /** Null once erased (DELETE /contexts/:id/data, or the retention period). */
  context_data: JsonObject | null;
  metadata: JsonObject | null;
  /** When the data was erased; null while kept. The hashes, signature and proof remain. */
  data_erased_at?: Timestamp | null;
  error: { code: string; message: string; details: unknown } | null;
  retry_possible: boolean | null;
  failure_reason: string | null;
  /** position in the agent's log (null on contexts logged before logs were chained) */
  sequence?: number | null;
  prev_entry_hash?: Hex | null;
  entry_hash?: Hex | null;
}

/** The 202 of POST /v1/contexts: the context and the receipt to keep (see `verifyReceipt`). */
export interface CreatedContext extends Context {
  receipt: ContextReceipt | null;
}

export interface ListVerificationsParams extends PageParams {
  context_id?: string;
  /** inclusive */
  created_after?: Timestamp;
  /** exclusive */
  created_before?: Timestamp;
}

export interface ListContextsParams extends PageParams {
  agent_id?: string;
  status?: ContextStatus;
  /** inclusive */
  created_after?: Timestamp;
  /** exclusive */
  created_before?: Timestamp;
  /** The contexts holding the spans of one OpenTelemetry trace (32 hex). */
  trace_id?: string;
}

/**
 * GET /v1/contexts/:id/proof: everything needed to verify a context without the service.
 * Checked at run time by `checkProofBundle`; verified by `verifyContext`.
 */
export interface ProofBundle {
  context_id: string;
  /** context_data and metadata are null once erased (then `data_erased_at` says when) */
  context: { agent_id: string; context_data: JsonObject | null; metadata?: JsonObject | null };
  /** The exact RFC 8785 canonical JSON of {agent_id, context_data, metadata} that was hashed; null once erased. */
  canonical_context: string | null;
  data_erased_at?: Timestamp;
  canonicalization: "RFC8785";
  hash_algorithm: "keccak256";
  context_hash: Hex;
  /**
   * Version 3: the EIP-712 signature of the context's Receipt(bytes32 contextHash,string userId,
   * string agentId,uint64 sequence,bytes32 prevEntryHash,uint64 receivedAt) under `eip712_domain`.
   * Versions 1 and 2: EIP-191 personal_sign over the 32 bytes of context_hash.
   */
  signature: Hex;
  signature_scheme: "EIP-191" | "EIP-712";
  signer_address: Hex;
  merkle_algorithm: "sorted-pair-keccak256";
  leaf_index: number;
  merkle_proof: Hex[];
  merkle_root: Hex;
  chain_id: number;
  network: string;
  registry_address: Hex;
  transaction_hash: Hex;
  block_number: number;
  required_confirmations: number;
  /**
   * 3: an entry of its agent's log (leaf `entry_hash`) whose signature is its receipt's (EIP-712);
   * 2: the same, signed with EIP-191 over context_hash; 1 or absent: a context logged before logs
   * were chained (leaf = context_hash).
   */
  version?: 1 | 2 | 3;
  /** version 3: when the service accepted the context (ISO 8601 UTC, ms); the Receipt's receivedAt in Unix ms */
  received_at?: string;
  /** version 3: the Receipt's EIP-712 domain */
  eip712_domain?: { name: "ctxlog"; version: "1" };
  user_id?: string;
  sequence?: number | null;
  prev_entry_hash?: Hex | null;
  /** EIP-712 hashStruct(LogEntry(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash)) */
  entry_hash?: Hex | null;
  /** the service's anchor key that sent the batch (the Anchored log's submitter) */
  anchor_address?: Hex | null;
}

// ---- verifications -----------------------------------------------------------------------------

export type VerificationRequest =
  | { context_id: string }
  | {
      transaction_hash: Hex;
      context: { agent_id: string; context_data: JsonObject; metadata?: JsonObject };
    };

export interface VerificationCheck {
  name: string;
  ok: boolean;
  reason?: string;
}

export interface Verification {
  verification_id: string;
  transaction_hash: Hex | null;
  verified: boolean;
  agent_id: string;
  context_hash: Hex;
  signature_valid: boolean;
  hash_matches: boolean;
  block_number: number | null;
  confirmations: number | null;
  verification_time_ms: number;
  checks: VerificationCheck[];
  created_at: Timestamp;
}

// ---- signers -----------------------------------------------------------------------------------

/** A published service signer; contexts signed while it was valid carry its address. */
export interface Signer {
  address: Hex;
  valid_from: Timestamp;
  valid_until: Timestamp | null;
}

// ---- webhooks ----------------------------------------------------------------------------------

/** The events a webhook can subscribe to. */
export const WEBHOOK_EVENT_NAMES = [
  "context.created",
  "context.confirmed",
  "context.failed",
  "context.erased",
  "verification.completed",
  "webhook.disabled",
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** `disabled` while nothing is sent to the endpoint (it wins over the others). */
export type WebhookStatus = "active" | "failing" | "disabled";

export interface CreateWebhookInput {
  /** HTTPS URL that receives events. */
  url: string;
  events: WebhookEventName[];
  description?: string;
  /** `whsec_<base64>`; generated by the service when omitted. */
  secret?: string;
  /** At most this many deliveries per second, across every worker; null or omitted: no limit. */
  rate_limit?: number | null;
}

export type UpdateWebhookInput = Partial<
  Pick<CreateWebhookInput, "url" | "events" | "description" | "rate_limit">
> & {
  /** false enables a disabled endpoint again; true disables it. */
  disabled?: boolean;
};

/** Why an endpoint was disabled: 410 Gone, failing for too long, or through the API. */
export type WebhookDisabledReason = "gone" | "failing" | "manual";

export interface Webhook {
  webhook_id: string;
  url: string;
  events: WebhookEventName[];
  description: string;
  status: WebhookStatus;
  /** True while nothing is sent to it; its new events become failed deliveries (recoverable). */
  disabled: boolean;
  disabled_at: Timestamp | null;
  disabled_reason: WebhookDisabledReason | null;
  /** Deliveries per second across every worker; null: no limit. */
  rate_limit: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the secret before the last rotation still signs too (X-Service-Signature-Previous). */
  previous_secret_expires_at: Timestamp | null;
}

/** POST /webhooks → 201: the only response that carries the secret. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

/** POST /webhooks/:id/rotate-secret: the new secret; the old one keeps signing until the date given. */
export interface RotatedWebhookSecret {
  webhook_id: string;
  secret: string;
  previous_secret_expires_at: Timestamp;
}

export interface DeletedWebhook {
  webhook_id: string;
  deleted: true;
}

export type DeliveryStatus = "pending" | "succeeded" | "failed";

export interface WebhookDelivery {
  /** Sent as X-Service-Delivery and webhook-id; stable across retries: deduplicate on it. */
  delivery_id: string;
  webhook_id: string;
  event: WebhookEventName;
  status: DeliveryStatus;
  /**
   * Attempts in the latest cycle that has had one (1–5); 0 only before the first attempt ever. A
   * manual retry starts a new cycle: until its first attempt this still shows the previous cycle's
   * count (5), like response_status, error_message and last_attempt_at; then 1.
   */
  attempts: number;
  /** HTTP status the receiver answered on the last attempt; null if it never answered. */
  response_status: number | null;
  error_message: string | null;
  created_at: Timestamp;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
}

export interface WebhookDeliveryAttempt {
  cycle: number;
  /** 1–5 within its cycle. */
  number: number;
  attempted_at: Timestamp;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
}

/** GET …/deliveries/:delivery_id: the delivery with every attempt made. */
export interface WebhookDeliveryDetail extends WebhookDelivery {
  /** 1, plus one per manual retry. */
  cycle: number;
  attempt_log: WebhookDeliveryAttempt[];
}

export interface ListDeliveriesParams extends PageParams {
  status?: DeliveryStatus;
}

/** What a receiver gets in the body of every webhook POST. */
export interface WebhookEvent<T = JsonObject> {
  event: WebhookEventName;
  timestamp: Timestamp;
  data: T;
  /** Present (true) only on events sent by POST /v1/webhooks/:id/test. */
  test?: true;
}
