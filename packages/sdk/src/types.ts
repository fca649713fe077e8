// The request and response shapes of the ctxlog API v1, named for the SDK's users. Every shape is the
// API's own, from apps/api/openapi.json through ./generated/openapi.ts (openapi-typescript, run by
// `npm run gen:clients`; a test fails while that file is stale), so nothing here is kept by hand
// but the names and the few things the document does not describe (generic pages, SDK options).
// The generated file is plain TypeScript: the SDK still runs without any server package.
import type { components, operations } from "./generated/openapi";
import { createWebhookRequestEventsValues, errorErrorCodeValues } from "./generated/openapi";

type Schemas = components["schemas"];
/** The query parameters of an operation, by its operationId. */
type Query<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;

/** Codes of `{"error":{"code",…}}`, a closed list (docs/api.md, "Errors"). */
export const API_ERROR_CODES = errorErrorCodeValues;
export type ApiErrorCode = Schemas["Error"]["error"]["code"];
/** The error body every failed request answers with. */
export type ApiErrorBody = Schemas["Error"];

/** Hashes, signatures and addresses: the document's strings whose pattern starts with `^0x`. */
export type Hex = `0x${string}`;
/** ISO 8601 UTC timestamp, e.g. `2025-01-31T12:00:00.000Z`. */
export type Timestamp = string;
export type JsonObject = { [key: string]: unknown };

/**
 * Every list endpoint answers this (the document's `…List` schemas, one per item type); pass
 * `next_cursor` back as `cursor` until it is null.
 */
export interface ListResponse<T> {
  data: T[];
  next_cursor: string | null;
}

/** `limit` (1–100, default 20) and `cursor`, as every list endpoint takes them. */
/** A page of any list: its size and the previous page's cursor. */
export type PageParams = Pick<Query<"listWebhooks">, "limit" | "cursor">;
/** GET /v1/webhooks: a page, and `health` to list only the endpoints with it. */
export type ListWebhooksParams = Query<"listWebhooks">;

// ---- GET /v1/status -------------------------------------------------------------------------

export type AuthStatus = Schemas["AuthenticationStatus"];
export type ApiKeyType = AuthStatus["key"]["type"];

// ---- contexts ---------------------------------------------------------------------------------

export type Context = Schemas["Context"];
export type ContextStatus = Context["status"];
export type Visibility = Context["visibility"];

export type CreateContextInput = Schemas["CreateContextRequest"] & {
  /**
   * SDK only, never sent: adds a 32-byte random salt to metadata (`ctxlog_salt`) before sending,
   * for short or guessable data, whose hash could otherwise be reversed by guessing. The salt is
   * erased with the data; keep the context as sent (the record's metadata shows it) to prove it
   * after an erasure.
   */
  salt?: boolean;
};

export interface CreateContextOptions {
  /** The Idempotency-Key header: same key + same body within 24 h returns the first response; another body is a 409 CONFLICT. */
  idempotencyKey?: string;
}

/** The 202 of POST /v1/contexts: the context and the receipt to keep (see `verifyReceipt`). */
export type CreatedContext = Schemas["CreatedContext"];

export type ListContextsParams = Query<"listContexts">;
export type ListVerificationsParams = Query<"listVerifications">;

type ApiProofBundle = Schemas["ProofBundle"];
/**
 * The fields a bundle saved from an earlier service may lack: version 1 bundles predate chained
 * logs (no user_id, sequence, hashes of the chain), version 2 predate receipts (no received_at,
 * eip712_domain), versions 1 to 3 predate the transparency log (no `log`). The verifier takes
 * bundles kept for years.
 */
export type LaterBundleField =
  | "version"
  | "user_id"
  | "sequence"
  | "prev_entry_hash"
  | "entry_hash"
  | "anchor_address"
  | "received_at"
  | "eip712_domain"
  | "log";

/**
 * Version 4's `log` (the transparency log): the signed checkpoint whose tree holds the context's
 * leaf, the witness policy, and the anchored tree's size with its consistency proof to the
 * checkpoint's tree. Declared here, not read from the API's document, until the document has it.
 */
export interface ProofBundleLog {
  /** the log's origin line, e.g. `ctxlog.example/log` */
  origin: string;
  /** the log's note verifier key (Ed25519, type 0x01) */
  verifier_key: string;
  /** leaves in the checkpoint's tree, the tree `merkle_proof` proves `leaf_index` in */
  tree_size: number;
  /** the signed note (C2SP tlog-checkpoint), cosignature lines included */
  checkpoint: string;
  /** k of these witnesses' cosignatures (verifier keys, type 0x04) make the checkpoint trusted */
  witness_policy: { threshold: number; witnesses: string[] };
  /** leaves in the tree whose root is `merkle_root` (the Anchored log's `count`) */
  anchored_tree_size: number;
  /** RFC 6962 consistency proof between the anchored tree and the checkpoint's (the smaller first) */
  consistency_proof: Hex[];
}

/** The Merkle trees a bundle's proof is in: a batch's (versions 1–3), the transparency log's (4). */
export type MerkleAlgorithm = ApiProofBundle["merkle_algorithm"] | "RFC6962-SHA256";

/** The fields version 4 adds or widens, declared SDK-side (the document may have them or not). */
type V4Field = "version" | "merkle_algorithm" | "log";

/**
 * GET /v1/contexts/:id/proof: everything needed to verify a context without the service: the
 * document's ProofBundle, with the fields of later versions optional (and `context.metadata`, which
 * the verifier treats as missing, not as `{}`), and version 4's. Checked at run time by
 * `checkProofBundle`; verified by `verifyContext`.
 */
export type ProofBundle = Omit<ApiProofBundle, LaterBundleField | "context" | V4Field> &
  Partial<Pick<ApiProofBundle, Exclude<LaterBundleField, V4Field>>> & {
    /** absent: 1; 4: the context's leaf in the transparency log (`log`, `merkle_algorithm` RFC6962-SHA256) */
    version?: ApiProofBundle["version"] | 4;
    merkle_algorithm: MerkleAlgorithm;
    /** version 4 only */
    log?: ProofBundleLog;
    context: Omit<ApiProofBundle["context"], "metadata"> & {
      metadata?: ApiProofBundle["context"]["metadata"];
    };
  };

// ---- verifications -----------------------------------------------------------------------------

export type VerificationRequest = Schemas["CreateVerificationRequest"];
export type Verification = Schemas["Verification"];
export type VerificationCheck = Schemas["VerificationCheck"];

// ---- signers -----------------------------------------------------------------------------------

/** A published service signer; contexts signed while it was valid carry its address. */
export type Signer = Schemas["Signer"];

// ---- webhooks ----------------------------------------------------------------------------------

/** The events a webhook can subscribe to. */
export const WEBHOOK_EVENT_NAMES = createWebhookRequestEventsValues;
export type WebhookEventName = Schemas["CreateWebhookRequest"]["events"][number];

export type CreateWebhookInput = Schemas["CreateWebhookRequest"];
export type UpdateWebhookInput = Schemas["UpdateWebhookRequest"];

export type Webhook = Schemas["Webhook"];
/** `disabled` while nothing is sent to the endpoint (it wins over the others). */
export type WebhookStatus = Webhook["status"];
/** Why an endpoint was disabled: 410 Gone, failing for too long, or through the API. */
export type WebhookDisabledReason = NonNullable<Webhook["disabled_reason"]>;

/** POST /webhooks → 201: the only response that carries the secret. */
export type CreatedWebhook = Schemas["CreatedWebhook"];
/** POST /webhooks/:id/rotate-secret: the new secret; the old one keeps signing until the date given. */
export type RotatedWebhookSecret = Schemas["RotatedWebhookSecret"];
export type DeletedWebhook = Schemas["DeletedWebhook"];

export type WebhookDelivery = Schemas["WebhookDelivery"];
export type DeliveryStatus = WebhookDelivery["status"];
export type WebhookDeliveryAttempt = Schemas["WebhookAttempt"];
/** GET …/deliveries/:delivery_id: the delivery with every attempt made. */
export type WebhookDeliveryDetail = Schemas["WebhookDeliveryDetail"];
export type ListDeliveriesParams = Query<"listWebhookDeliveries">;

/** Any event a receiver can get, as the document lists them (narrow on `event`). */
export type WebhookEventEnvelope = Schemas["EventEnvelope"];

/**
 * What a receiver gets in the body of every webhook POST, with `data` typed by the caller (narrow
 * `WebhookEventEnvelope` on `event` for the document's own types).
 */
export type WebhookEvent<T = JsonObject> = Omit<WebhookEventEnvelope, "event" | "data"> & {
  event: WebhookEventName;
  data: T;
};
