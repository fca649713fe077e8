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
  /**
   * the context's proof, 0x-hex nodes, and its leaf's place: in the log (RFC 6962, its anchor a tree
   * head) or in its batch's sorted-pair tree
   */
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
  /** the transparency log's tree size whose head merkleRoot is; null: the batch's own tree */
  treeSize: number | null;
}

/**
 * How an event is stored (outbox_events.payload): this module writes and reads every form, and
 * it is the one that knows them. One form per event:
 * - a context.created of a context (its row names it): `~C<transaction_hash>,<estimated_confirmation
 *   as epoch ms>` (each empty when null), the two members its context row does not hold as they
 *   were then (a replacement transaction may be mined instead; a retry moves the estimate);
 * - a context.confirmed of a context: `~A` alone, its envelope being all its row's, its context's
 *   and its anchor's (all final once the context is confirmed);
 * - any other event, and a test event (its sample names no stored context): its envelope as
 *   serializeEnvelope wrote it, the very bytes sent.
 * In the references the event, the timestamp (the row's created_at, written from it) and the
 * context id are the event row's. Forms written before these (the whole envelope of a context's
 * event, `~` envelopes with the row's members null, `~c`/`~a` skeletons) were rewritten into them
 * by migration 20261129200000_one_event_form (data step event_forms); renderStoredPayload refuses
 * any form but these.
 */
/** How a reference begins; no envelope (a JSON object) does. */
export const EVENT_REFERENCE_MARK = "~";
/** The stored form of every context.confirmed of a context. */
export const CONFIRMED_REFERENCE = "~A";
/** How the stored form of a context.created of a context begins. */
export const CREATED_REFERENCE_MARK = "~C";

/** Whether `stored` is a reference (it needs its context, and its event's row, to render). */
export const isEventReference = (stored: string): boolean => stored.startsWith(EVENT_REFERENCE_MARK);

/** What an event's row holds beside its payload, which the references leave out. */
export interface StoredEventRow {
  /** the envelope's timestamp (the writers store one as the other) */
  createdAt: Date;
  contextId: string | null;
}

type Json = Record<string, unknown>;

/** The stored form of a context.created: its transaction and estimated confirmation, as they were. */
export function createdReference(transactionHash: string | null, estimated: Date | null): string {
  if (transactionHash?.includes(",")) throw new Error(`not a transaction hash: ${transactionHash}`);
  const ms = estimated === null ? "" : estimated.getTime();
  if (Number.isNaN(ms)) throw new Error("an estimated confirmation that is not a date");
  return `${CREATED_REFERENCE_MARK}${transactionHash ?? ""},${ms}`;
}

/**
 * The estimated confirmation of a context.created's data as a Date; refused unless rendering gives
 * back the same text (the builder writes toISOString's, which does).
 */
function estimateOf(iso: unknown, contextId: string): Date | null {
  if (iso === null) return null;
  const at = typeof iso === "string" ? new Date(iso) : null;
  if (at === null || Number.isNaN(at.getTime()) || at.toISOString() !== iso)
    throw new Error(
      `context.created of ${contextId}: estimated_confirmation ${String(iso)} is not toISOString's`,
    );
  return at;
}

/**
 * The payload to store for an event (its one form, above). A context's event must carry its
 * builder's data (events.ts): what the reference renders. The references leave out the envelope's
 * timestamp and context id, so the event's row must keep them (created_at = `input.timestamp`,
 * context_id = `contextId`), as record-event's outboxRow does.
 */
export function storedPayload(input: EnvelopeInput, contextId: string | null | undefined): string {
  const kind = input.event;
  if (!contextId || (kind !== "context.created" && kind !== "context.confirmed")) {
    return serializeEnvelope(input);
  }
  const data = input.data as Json | null;
  if (input.test === true) throw new Error(`a test ${kind} names no stored context (${contextId})`);
  if (data === null || typeof data !== "object" || data.context_id !== contextId)
    throw new Error(`a ${kind} of ${contextId} whose data names another context`);
  if (kind === "context.confirmed") {
    const proof = data.proof as Json | undefined;
    if (!proof || !Array.isArray(proof.merkle_proof))
      throw new Error(`context.confirmed of ${contextId}: its reference renders a proof, its data has none`);
    return CONFIRMED_REFERENCE;
  }
  if (!("context_data" in data)) throw new Error(`context.created of ${contextId}: not contextCreatedData's`);
  const tx = data.transaction_hash;
  if (tx !== null && typeof tx !== "string")
    throw new Error(`context.created of ${contextId}: no transaction`);
  return createdReference(tx as string | null, estimateOf(data.estimated_confirmation, contextId));
}

/** What a context.created's reference keeps: its two members the context row does not hold. */
interface CreatedKept {
  contextId: string;
  transactionHash: string | null;
  estimatedConfirmation: Date | null;
}

/**
 * A context.created's `data` from its context row and what its reference kept, by the builder the
 * chain worker used; an erased context's as erasure leaves it (`context_data` and `metadata` null,
 * `data_erased_at` last).
 */
function createdData(kept: CreatedKept, context: ReferencedContext): Json {
  const erased = context.dataErasedAt !== null || context.contextData === null;
  const data = contextCreatedData({
    id: kept.contextId,
    agentId: context.agentId,
    transactionHash: kept.transactionHash,
    contextHash: context.contextHash,
    signature: context.signature,
    createdAt: context.createdAt,
    estimatedConfirmation: kept.estimatedConfirmation,
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
        ...(anchor.treeSize === null ? {} : { tree_size: anchor.treeSize }),
      },
    },
  ) as unknown as Json;
}

/**
 * The bytes of an event as delivered: an envelope as stored, or a reference rendered from its
 * context (`context`, null if absent: never, as contexts are not deleted) and its event's row.
 * Deterministic: the same row, context and anchor give the same bytes, and none of what a
 * reference reads changes once its event exists (erasure aside: an erased context's created event
 * renders without the data from then on). A context.confirmed whose context is in no confirmed
 * batch (never, once confirmed) renders its event, timestamp and context id alone.
 */
export function renderStoredPayload(
  stored: string,
  context: ReferencedContext | null,
  row: StoredEventRow,
): string {
  if (!isEventReference(stored)) return stored;
  const contextId = row.contextId;
  if (!contextId) throw new Error(`a ${stored.slice(0, 2)} payload needs its event's row to render`);
  if (stored === CONFIRMED_REFERENCE) {
    const data = confirmedData(contextId, context) ?? { context_id: contextId };
    return serializeEnvelope({ event: "context.confirmed", timestamp: row.createdAt, data });
  }
  if (!stored.startsWith(CREATED_REFERENCE_MARK))
    throw new Error(`not a stored form of an event: ${stored.slice(0, 2)}…`);
  const [tx = "", ms = ""] = stored.slice(CREATED_REFERENCE_MARK.length).split(",");
  const kept = {
    contextId,
    transactionHash: tx === "" ? null : tx,
    estimatedConfirmation: ms === "" ? null : new Date(Number(ms)),
  };
  const data = context
    ? createdData(kept, context)
    : {
        context_id: contextId,
        transaction_hash: kept.transactionHash,
        estimated_confirmation: kept.estimatedConfirmation?.toISOString() ?? null,
      };
  return serializeEnvelope({ event: "context.created", timestamp: row.createdAt, data });
}
