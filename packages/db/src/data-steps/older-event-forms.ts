// The event forms stored before each event had one (event-references.ts), as the data step
// event_forms reads them to rewrite them: what each rendered (to check that its rewrite renders the
// same bytes) and the reference it becomes. Nothing else reads them; this file goes with the step.
import {
  CONFIRMED_REFERENCE,
  createdReference,
  type ReferencedContext,
  renderStoredPayload,
  type StoredEventRow,
} from "@ctxlog/core";

type Json = Record<string, unknown>;

// `~` then the envelope with the members of `data` its context row holds left null (a
// confirmation's proof path empty): rendering put the row's values back in their places.
const WHOLE_MARK = "~";
// `~c`/`~a` then the envelope's event, timestamp and `data` with the context id (and a created
// event's transaction and estimate) alone: rendering built `data` again with the event's builder.
const CREATED_SKELETON_MARK = "~c";
const CONFIRMED_SKELETON_MARK = "~a";

const CREATED_FROM_ROW = [
  "agent_id",
  "context_hash",
  "signature",
  "created_at",
  "sequence",
  "prev_entry_hash",
  "entry_hash",
] as const;
const CONFIRMED_FROM_ROW = ["agent_id", "context_hash", "sequence", "prev_entry_hash", "entry_hash"] as const;

/** The row's value of a `data` member, as the event builders (events.ts) write it. */
function rowValue(context: ReferencedContext, member: (typeof CREATED_FROM_ROW)[number]): unknown {
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
  }
}

/** A `~` envelope completed from its context (assigning a member it keeps leaves it in its place). */
function renderWhole(envelope: Json, context: ReferencedContext | null): string {
  const data = envelope.data as Json;
  if (envelope.event === "context.created") {
    for (const m of CREATED_FROM_ROW) if (context && m in data) data[m] = rowValue(context, m);
    const erased = context === null || context.dataErasedAt !== null || context.contextData === null;
    data.context_data = erased ? null : context.contextData;
    data.metadata = erased ? null : (context.metadata ?? {});
    if (erased) data.data_erased_at = (context?.dataErasedAt ?? new Date(0)).toISOString();
  } else if (envelope.event === "context.confirmed") {
    for (const m of CONFIRMED_FROM_ROW) if (context && m in data) data[m] = rowValue(context, m);
    (data.proof as Json).merkle_proof = context?.merkleProof ?? [];
  }
  return JSON.stringify(envelope);
}

/**
 * A skeleton's rendering: its `data` built by the event's builder from the context, which the
 * reference it stands for renders (from a row naming the skeleton's context), else as stored.
 */
function renderSkeleton(skeleton: Json, reference: string, context: ReferencedContext | null): string {
  const contextId = (skeleton.data as Json).context_id as string;
  const row: StoredEventRow = { createdAt: new Date(0), contextId };
  const built = JSON.parse(renderStoredPayload(reference, context, row)).data as Json;
  // (a confirmation whose context is in no confirmed batch was left as stored)
  if (context === null || !("status" in built)) return JSON.stringify(skeleton);
  return JSON.stringify({ ...skeleton, data: built });
}

/** An older form parsed: its envelope (or skeleton) and how it rendered. */
interface OlderForm {
  envelope: Json;
  render(context: ReferencedContext | null): string;
}

function parseOlder(stored: string): OlderForm {
  for (const mark of [CREATED_SKELETON_MARK, CONFIRMED_SKELETON_MARK]) {
    if (!stored.startsWith(mark)) continue;
    const envelope = JSON.parse(stored.slice(mark.length)) as Json;
    return { envelope, render: (context) => renderSkeleton(envelope, referenceOf(envelope), context) };
  }
  if (stored.startsWith(WHOLE_MARK)) {
    const text = stored.slice(WHOLE_MARK.length);
    return { envelope: JSON.parse(text), render: (context) => renderWhole(JSON.parse(text), context) };
  }
  return { envelope: JSON.parse(stored), render: () => stored };
}

/** The reference an older form's envelope stands for, from the members it kept. */
function referenceOf(envelope: Json): string {
  const data = envelope.data as Json;
  if (envelope.event === "context.confirmed") return CONFIRMED_REFERENCE;
  if (envelope.event !== "context.created") throw new Error(`a ${String(envelope.event)} has no reference`);
  const tx = data.transaction_hash;
  const estimated = data.estimated_confirmation;
  if ((tx !== null && typeof tx !== "string") || (estimated !== null && typeof estimated !== "string"))
    throw new Error("its transaction or estimate is not text");
  return createdReference(tx as string | null, estimated === null ? null : new Date(estimated as string));
}

/**
 * An event stored in an older form: what it rendered and the reference it becomes. Throws when
 * it cannot be read as one.
 */
export function rewriteOlderForm(
  stored: string,
  context: ReferencedContext | null,
): { was: string; reference: string } {
  const older = parseOlder(stored);
  return { was: older.render(context), reference: referenceOf(older.envelope) };
}
