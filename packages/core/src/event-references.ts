import {
  confirmationSeconds,
  contextConfirmedData,
  contextCreatedData,
  type EnvelopeInput,
  serializeEnvelope,
} from "./events";

/**
 * What an event's stored payload leaves out and its context row holds (its data, hashes, signature,
 * log link and proof path): filled in at delivery time
 * (and wherever the payload is shown) by `renderStoredPayload`. A context's data, metadata and Merkle
 * proof never change once its events exist (erasure aside, see below), so every rendering of one
 * stored payload gives the same bytes: a retry signs and sends exactly what the first attempt did.
 */
export interface ReferencedContext {
  agentId: string;
  contextHash: string;
  signature: string;
  createdAt: Date;
  sequence: number | null;
  prevEntryHash: string | null;
  entryHash: string | null;
  /** null once erased */
  contextData: unknown;
  metadata: unknown;
  dataErasedAt: Date | null;
  /** the context's sorted-pair Merkle proof, 0x-hex nodes, and its leaf's place in the batch */
  merkleProof: readonly string[];
  leafIndex: number | null;
  /** the batch the context was confirmed in (null while it is in none) */
  anchor: ReferencedAnchor | null;
}

/**
 * What a confirmation event says of its batch: the anchor row's, final once the batch is confirmed
 * (the transaction that was mined, its block, the depth required then, the root and registry).
 */
export interface ReferencedAnchor {
  transactionHash: string | null;
  blockNumber: bigint | null;
  blockTimestamp: Date | null;
  confirmations: number | null;
  network: string;
  gasUsed: bigint | null;
  confirmedAt: Date | null;
  merkleRoot: string;
  chainId: number;
  registryAddress: string;
}

// Templates stored before the `~a` and `~c` forms (`~` then the whole envelope): the members of
// `data` they leave null, and rendering takes from the context row (written once with the row, never
// changed, erasure aside). transaction_hash, estimated_confirmation and the anchor's fields are in
// those templates.
const CREATED_FROM_ROW = [
  "agent_id",
  "context_hash",
  "signature",
  "created_at",
  "context_data",
  "metadata",
  "sequence",
  "prev_entry_hash",
  "entry_hash",
] as const;
const CONFIRMED_FROM_ROW = ["agent_id", "context_hash", "sequence", "prev_entry_hash", "entry_hash"] as const;

/** The row's value of a `data` member, as the event builders (events.ts) write it. */
function rowValue(context: ReferencedContext, member: string): unknown {
  switch (member) {
    case "agent_id":
      return context.agentId;
    case "context_hash":
      return context.contextHash;
    case "signature":
      return context.signature;
    case "created_at":
      return context.createdAt.toISOString();
    case "sequence":
      return context.sequence;
    case "prev_entry_hash":
      return context.prevEntryHash;
    case "entry_hash":
      return context.entryHash;
    default:
      throw new Error(`no row value for ${member}`);
  }
}

/**
 * A stored payload that begins with this is a template: the envelope with the members its context
 * row holds left null (the proof path empty). An envelope
 * (JSON) never begins with it, so payloads stored before templates existed render as themselves.
 */
export const TEMPLATE_MARK = "~";
/**
 * A context.confirmed stored as its envelope's event, timestamp and context id alone (`~a` then that
 * JSON): every other member is the context row's or its anchor's, both final once the context is
 * confirmed, and rendering builds `data` again with the event's own builder.
 */
export const ANCHORED_TEMPLATE_MARK = `${TEMPLATE_MARK}a`;
/**
 * A context.created stored as its event, timestamp, context id, and the two members its row does
 * not hold as they were then (`~c` then that JSON): the transaction announced (a replacement may
 * be mined instead) and the estimated confirmation (a retry moves it). Rendering builds `data`
 * again with the event's own builder.
 */
export const CREATED_TEMPLATE_MARK = `${TEMPLATE_MARK}c`;

type Json = Record<string, unknown>;

/**
 * The payload to store for an event: its serialized envelope, or, when the event names a context
 * whose row holds part of it, the template `renderStoredPayload` completes. A context.created
 * carries ~1 KiB of data and a context.confirmed a proof of up to BATCH_MAX leaves' depth: kept
 * once, on the context, rather than copied into every event.
 */
export function storedPayload(input: EnvelopeInput, contextId: string | null | undefined): string {
  if (!contextId || input.test === true) return serializeEnvelope(input);
  const data = input.data as Json | null;
  if (data === null || typeof data !== "object" || data.context_id !== contextId) {
    return serializeEnvelope(input);
  }
  if (input.event === "context.created" && "context_data" in data) {
    const { transaction_hash, estimated_confirmation } = data;
    return (
      CREATED_TEMPLATE_MARK +
      serializeEnvelope({
        ...input,
        data: { context_id: contextId, transaction_hash, estimated_confirmation },
      })
    );
  }
  const proof = data.proof as Json | undefined;
  if (input.event === "context.confirmed" && proof && Array.isArray(proof.merkle_proof)) {
    return ANCHORED_TEMPLATE_MARK + serializeEnvelope({ ...input, data: { context_id: contextId } });
  }
  return serializeEnvelope(input);
}

/**
 * A context.confirmed as stored, for a context whose row and anchor hold all of its `data` (the
 * chain worker's confirmation: the same template `storedPayload` keeps of a built event, without
 * building the event, its proof above all, to keep only its context id).
 */
export function confirmedTemplate(contextId: string, timestamp: Date): string {
  return (
    ANCHORED_TEMPLATE_MARK +
    serializeEnvelope({ event: "context.confirmed", timestamp, data: { context_id: contextId } })
  );
}

/**
 * A context.created's `data` from its context row and what its template kept, by the builder the
 * chain worker used; an erased context's as an erasure leaves every copy (`context_data` and
 * `metadata` null, `data_erased_at` last).
 */
function createdData(kept: Json, context: ReferencedContext): Json {
  const erased = context.dataErasedAt !== null || context.contextData === null;
  const data = contextCreatedData({
    id: kept.context_id as string,
    agentId: context.agentId,
    transactionHash: kept.transaction_hash as string | null,
    contextHash: context.contextHash,
    signature: context.signature,
    createdAt: context.createdAt,
    estimatedConfirmation:
      kept.estimated_confirmation === null ? null : new Date(kept.estimated_confirmation as string),
    contextData: erased ? null : context.contextData,
    metadata: erased ? null : (context.metadata ?? {}),
    sequence: context.sequence,
    prevEntryHash: context.prevEntryHash,
    entryHash: context.entryHash,
  }) as unknown as Json;
  if (erased) data.data_erased_at = (context.dataErasedAt ?? new Date(0)).toISOString();
  return data;
}

/**
 * A context.confirmed's `data` from its context row and anchor, by the builder the chain worker
 * used (events.ts): the same values give the same members in the same order. Null when something
 * it needs is missing (a context in no confirmed batch: never, for a confirmed context).
 */
function confirmedData(contextId: string, context: ReferencedContext | null): Json | null {
  const anchor = context?.anchor;
  if (!context || !anchor || anchor.confirmedAt === null || anchor.confirmations === null) return null;
  if (context.leafIndex === null) return null;
  const { transactionHash, blockNumber, blockTimestamp, gasUsed } = anchor;
  if (transactionHash === null || blockNumber === null || blockTimestamp === null || gasUsed === null) {
    return null;
  }
  return contextConfirmedData(
    {
      id: contextId,
      agentId: context.agentId,
      transactionHash,
      contextHash: context.contextHash,
      blockNumber,
      blockTimestamp,
      confirmations: anchor.confirmations,
      network: anchor.network,
      gasUsed,
      confirmationTimeSeconds: confirmationSeconds(context.createdAt, anchor.confirmedAt),
      sequence: context.sequence,
      prevEntryHash: context.prevEntryHash,
      entryHash: context.entryHash,
    },
    {
      proof: {
        leaf_index: context.leafIndex,
        merkle_proof: context.merkleProof,
        merkle_root: anchor.merkleRoot,
        chain_id: anchor.chainId,
        network: anchor.network,
        registry_address: anchor.registryAddress,
      },
    },
  ) as unknown as Json;
}

// Assigning to a member the template keeps (null) leaves it in its place: the key order is the
// builder's.
function fill(data: Json, context: ReferencedContext, members: readonly string[]) {
  for (const m of members) {
    if (m in data && m !== "context_data" && m !== "metadata") data[m] = rowValue(context, m);
  }
}

/** Whether `stored` is a template (it needs its context to render). */
export const isPayloadTemplate = (stored: string): boolean => stored.startsWith(TEMPLATE_MARK);

/**
 * The bytes of an event as delivered: `stored` itself, or a template completed from its context.
 * Deterministic: the template's JSON is parsed and serialized again (JSON.stringify of what
 * JSON.parse read back from JSON.stringify is the same text) with the context's fields put in
 * the places the template keeps for them. A context whose data was erased gives what an erased
 * context's copies hold: `context_data` and `metadata` null and `data_erased_at` last in `data`.
 * A context that is absent (never, as contexts are not deleted) renders as erased.
 */
export function renderStoredPayload(stored: string, context: ReferencedContext | null): string {
  if (!isPayloadTemplate(stored)) return stored;
  // (a context absent, or in no confirmed batch, never happens: its template renders as stored)
  if (stored.startsWith(ANCHORED_TEMPLATE_MARK)) {
    const skeleton = JSON.parse(stored.slice(ANCHORED_TEMPLATE_MARK.length)) as Json;
    const data = confirmedData((skeleton.data as Json).context_id as string, context);
    return JSON.stringify(data === null ? skeleton : { ...skeleton, data });
  }
  if (stored.startsWith(CREATED_TEMPLATE_MARK)) {
    const skeleton = JSON.parse(stored.slice(CREATED_TEMPLATE_MARK.length)) as Json;
    return JSON.stringify(
      context ? { ...skeleton, data: createdData(skeleton.data as Json, context) } : skeleton,
    );
  }
  const envelope = JSON.parse(stored.slice(TEMPLATE_MARK.length)) as Json;
  const data = envelope.data as Json;
  if (envelope.event === "context.created") {
    if (context) fill(data, context, CREATED_FROM_ROW);
    const erased = context === null || context.dataErasedAt !== null || context.contextData === null;
    data.context_data = erased ? null : context.contextData;
    data.metadata = erased ? null : (context.metadata ?? {});
    if (erased) data.data_erased_at = (context?.dataErasedAt ?? new Date(0)).toISOString();
  } else if (envelope.event === "context.confirmed") {
    if (context) fill(data, context, CONFIRMED_FROM_ROW);
    (data.proof as Json).merkle_proof = context?.merkleProof ?? [];
  }
  return JSON.stringify(envelope);
}
