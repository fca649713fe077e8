import { type EnvelopeInput, serializeEnvelope } from "./events";

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
  /** the context's sorted-pair Merkle proof, 0x-hex nodes */
  merkleProof: readonly string[];
}

// The members of `data` a template leaves null and rendering takes from the context row: written
// once with the row, never changed (erasure aside). transaction_hash, estimated_confirmation (a
// retry moves it) and the anchor's fields stay in the template.
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

const withNulls = (data: Json, members: readonly string[]): Json => {
  const out = { ...data };
  for (const m of members) if (m in out) out[m] = null;
  return out;
};

/**
 * A stored payload that begins with this is a template: the envelope with the members its context
 * row holds left null (the proof path empty). An envelope
 * (JSON) never begins with it, so payloads stored before templates existed render as themselves.
 */
export const TEMPLATE_MARK = "~";

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
    const template = withNulls(data, CREATED_FROM_ROW);
    return TEMPLATE_MARK + serializeEnvelope({ ...input, data: template });
  }
  const proof = data.proof as Json | undefined;
  if (input.event === "context.confirmed" && proof && Array.isArray(proof.merkle_proof)) {
    const template = { ...withNulls(data, CONFIRMED_FROM_ROW), proof: { ...proof, merkle_proof: [] } };
    return TEMPLATE_MARK + serializeEnvelope({ ...input, data: template });
  }
  return serializeEnvelope(input);
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
