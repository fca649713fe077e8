import { contextTransition, encodeCanonical, type NewContext } from "@ctxlog/core";
import type { ChainLink } from "./assign-sequences";
import { type Context, UNANCHORED } from "./context-view";

/**
 * What a context shows of anchoring and failure while it is pending: nothing yet (its status is
 * read, never written: a new row is queued with it, context-transitions.ts' `receive`).
 */
export const PENDING_STATE = Object.freeze({
  status: contextTransition(null, "receive"),
  errorCode: null,
  errorMessage: null,
  errorDetails: null,
  failureReason: null,
  retryPossible: null,
  failedAt: null,
  anchorId: null,
  leafIndex: null,
  // the log's sequencer appends it after the write commits
  logIndex: null,
} as const satisfies Partial<Context>);

/**
 * The row a new context becomes, exactly as PostgreSQL holds it after insertContexts: the one
 * description of a fresh row's defaults (the columns insertContexts leaves null or at their schema
 * default are the ones this says). The input's fields are
 * spelled out: `{ ...input, contextData, … }` (a spread, then keys it already has) measured ~25 µs
 * a call in V8, a twentieth of a POST /v1/contexts; the spread of the frozen PENDING_STATE costs
 * under 1 µs.
 */
export function pendingContextRow(input: NewContext, link: ChainLink, signature: string): Context {
  // (the stored form of the canonical JSON is made by toRecord, for the INSERT only)
  return {
    id: input.id,
    userId: input.userId,
    apiKeyId: input.apiKeyId,
    agentId: input.agentId,
    // What was written is what is read back: JSON objects in, the same JSON values out (a reader
    // parses them from the canonical JSON, members in canonical order).
    contextData: input.contextData,
    metadata: input.metadata,
    visibility: input.visibility,
    canonicalJson: input.canonicalJson,
    contextHash: input.contextHash,
    signature,
    signatureScheme: "EIP-712",
    signerAddress: input.signerAddress,
    network: input.network,
    createdAt: input.createdAt,
    estimatedConfirmation: input.estimatedConfirmation,
    ...PENDING_STATE,
    ...UNANCHORED,
    merkleProof: [],
    sequence: link.sequence,
    prevEntryHash: link.prevEntryHash,
    entryHash: link.entryHash,
    dataErasedAt: null,
    dataErasedBy: null,
    dataErasureReason: null,
    dataErasureOverrodeRetention: null,
  };
}

// Every row of the batch travels as one JSON parameter of receiveContexts (context-transitions.sql):
// one JSON.stringify (native) on our side, PostgreSQL unpacks it; the data goes once, as the
// base64 of its stored form (stored-data.ts). The logs' heads advance, and the rows join the chain
// worker's queue (pending_contexts), in the same statement as the rows (data-modifying CTEs).
/** A row as the INSERT's JSON parameter carries it. */
export const toRecord = (c: Context) => ({
  id: c.id,
  user_id: c.userId,
  api_key_id: c.apiKeyId,
  agent_id: c.agentId,
  visibility: c.visibility,
  canonical_data: encodeCanonical(c.canonicalJson as string).toString("base64"),
  // hashes and signature as hex digits (stored as their bytes: decode(…, 'hex'))
  context_hash: c.contextHash.slice(2),
  signature: c.signature.slice(2),
  signature_scheme: c.signatureScheme,
  signer_address: c.signerAddress,
  network: c.network,
  created_at: c.createdAt,
  estimated_confirmation: c.estimatedConfirmation,
  sequence: c.sequence,
  prev_entry_hash: c.prevEntryHash?.slice(2) ?? null,
  entry_hash: c.entryHash?.slice(2) ?? null,
});
