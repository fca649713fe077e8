import type { StoredContextRow } from "./context-view";

// A contexts row as PostgreSQL gives it (every column, by its name: a `.sql` statement's `c.*`),
// turned here, once, into the shape the package reads rows in (Prisma's model type, camelCase).

/** Bytes as pg hands them (a Buffer) or Prisma does (a Uint8Array). */
type Bytes = Uint8Array;

export interface ContextsRow {
  id: string;
  user_id: string;
  api_key_id: string;
  agent_id: string;
  visibility: StoredContextRow["visibility"];
  canonical_data: Bytes | null;
  context_hash: Bytes;
  signature: Bytes;
  signature_scheme: string;
  signer_address: string;
  network: string;
  estimated_confirmation: Date;
  error_code: string | null;
  error_message: string | null;
  error_details: string | null;
  failure_reason: string | null;
  retry_possible: boolean | null;
  failed_at: Date | null;
  created_at: Date;
  anchor_id: string | null;
  sequence: number | null;
  prev_entry_hash: Bytes | null;
  entry_hash: Bytes | null;
  data_erased_at: Date | null;
  data_erased_by: string | null;
  data_erasure_reason: string | null;
  data_erasure_overrode_retention: boolean | null;
}

/**
 * The bytes as a plain Uint8Array, as Prisma reads a bytea (pg's Buffer is a subclass): a view of
 * the same memory, not a copy (an export's page holds a megabyte of them).
 */
function bytesOf(value: Bytes): Uint8Array<ArrayBuffer>;
function bytesOf(value: Bytes | null): Uint8Array<ArrayBuffer> | null;
function bytesOf(value: Bytes | null): Uint8Array<ArrayBuffer> | null {
  if (value === null) return null;
  return new Uint8Array(value.buffer as ArrayBuffer, value.byteOffset, value.byteLength);
}

export const toStoredContextRow = (r: ContextsRow): StoredContextRow => ({
  id: r.id,
  userId: r.user_id,
  apiKeyId: r.api_key_id,
  agentId: r.agent_id,
  visibility: r.visibility,
  canonicalData: bytesOf(r.canonical_data),
  contextHash: bytesOf(r.context_hash),
  signature: bytesOf(r.signature),
  signatureScheme: r.signature_scheme,
  signerAddress: r.signer_address,
  network: r.network,
  estimatedConfirmation: r.estimated_confirmation,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  errorDetails: r.error_details,
  failureReason: r.failure_reason,
  retryPossible: r.retry_possible,
  failedAt: r.failed_at,
  createdAt: r.created_at,
  anchorId: r.anchor_id,
  sequence: r.sequence,
  prevEntryHash: bytesOf(r.prev_entry_hash),
  entryHash: bytesOf(r.entry_hash),
  dataErasedAt: r.data_erased_at,
  dataErasedBy: r.data_erased_by,
  dataErasureReason: r.data_erasure_reason,
  dataErasureOverrodeRetention: r.data_erasure_overrode_retention,
});
