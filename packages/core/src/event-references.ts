import {
  confirmationSeconds,
  contextConfirmedData,
  contextCreatedData,
  type EnvelopeInput,
  serializeEnvelope,
} from "./events";
import { renderWholeTemplate } from "./whole-templates";

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

/**
 * A context.confirmed whose stored payload is this alone (since 2026-11-27): its envelope is all
 * its row's — the event, the timestamp (the row's created_at, written from it) and the context id —
 * rendered as an `~a` template built from them.
 */
export const CONFIRMED_REFERENCE = `${TEMPLATE_MARK}A`;
/**
 * A context.created stored as this, then `<transaction_hash>,<estimated_confirmation in epoch ms>`
 * (each empty when null), since 2026-11-27: the two members its context row does not hold; the
 * event, timestamp and context id are its own row's. Rendered as the `~c` template they make.
 */
export const CREATED_REFERENCE_MARK = `${TEMPLATE_MARK}C`;

/** What an event's row holds beside its payload, which the compact forms leave out. */
export interface StoredEventRow {
  /** the envelope's timestamp (the writers store one as the other) */
  createdAt: Date;
  contextId: string | null;
}

type Json = Record<string, unknown>;

/**
 * An estimated confirmation as epoch ms (null when it is not a date): the `~c` form renders it
 * through `new Date(…).toISOString()` too, so both give the same text.
 */
function epochMsOf(iso: unknown): number | null {
  if (typeof iso !== "string") return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** The `~C` form of a created event's two members, or null when they do not fit it exactly. */
function createdReference(transactionHash: unknown, estimated: unknown): string | null {
  const tx = transactionHash === null ? "" : transactionHash;
  if (typeof tx !== "string" || tx.includes(",")) return null;
  const ms = estimated === null ? "" : epochMsOf(estimated);
  if (ms === null) return null;
  return `${CREATED_REFERENCE_MARK}${tx},${ms}`;
}

/** A compact form as the older template it stands for, from the event's row. */
function expandReference(stored: string, row: StoredEventRow): string {
  const isConfirmed = stored === CONFIRMED_REFERENCE;
  if (!isConfirmed && !stored.startsWith(CREATED_REFERENCE_MARK)) return stored;
  if (!row.contextId) throw new Error(`a ${stored.slice(0, 2)} payload needs its event's row to render`);
  if (isConfirmed) {
    return (
      ANCHORED_TEMPLATE_MARK +
      serializeEnvelope({
        event: "context.confirmed",
        timestamp: row.createdAt,
        data: { context_id: row.contextId },
      })
    );
  }
  const [tx = "", ms = ""] = stored.slice(CREATED_REFERENCE_MARK.length).split(",");
  return (
    CREATED_TEMPLATE_MARK +
    serializeEnvelope({
      event: "context.created",
      timestamp: row.createdAt,
      data: {
        context_id: row.contextId,
        transaction_hash: tx === "" ? null : tx,
        estimated_confirmation: ms === "" ? null : new Date(Number(ms)).toISOString(),
      },
    })
  );
}

/**
 * The payload to store for an event: its serialized envelope, or, when the event names a context
 * whose row holds part of it, the template `renderStoredPayload` completes. A context.created
 * carries ~1 KiB of data and a context.confirmed a proof of up to BATCH_MAX leaves' depth: kept
 * once, on the context, rather than copied into every event. The compact forms (`~A`, `~C`) leave
 * out the envelope's timestamp and context id too: the event's row must keep them (created_at =
 * `input.timestamp`, context_id = `contextId`), as record-event's outboxRow does.
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
      createdReference(transaction_hash, estimated_confirmation) ??
      CREATED_TEMPLATE_MARK +
        serializeEnvelope({
          ...input,
          data: { context_id: contextId, transaction_hash, estimated_confirmation },
        })
    );
  }
  const proof = data.proof as Json | undefined;
  if (input.event === "context.confirmed" && proof && Array.isArray(proof.merkle_proof)) {
    return CONFIRMED_REFERENCE;
  }
  return serializeEnvelope(input);
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

/** Whether `stored` is a template (it needs its context to render). */
export const isPayloadTemplate = (stored: string): boolean => stored.startsWith(TEMPLATE_MARK);

/**
 * The bytes of an event as delivered: `stored` itself, or a template completed from its context.
 * Deterministic: the template's JSON is parsed and serialized again (JSON.stringify of what
 * JSON.parse read back from JSON.stringify is the same text) with the context's fields put in
 * the places the template keeps for them. A context whose data was erased gives what an erased
 * context's copies hold: `context_data` and `metadata` null and `data_erased_at` last in `data`.
 * A context that is absent (never, as contexts are not deleted) renders as erased. `row` is the
 * event's own (its created_at and context id complete the compact forms).
 */
export function renderStoredPayload(
  storedPayload: string,
  context: ReferencedContext | null,
  row: StoredEventRow,
): string {
  if (!isPayloadTemplate(storedPayload)) return storedPayload;
  const stored = expandReference(storedPayload, row);
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
  return renderWholeTemplate(stored.slice(TEMPLATE_MARK.length), context);
}
