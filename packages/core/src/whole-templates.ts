// Event templates of the first form (`~` then the whole envelope), stored before the `~a` and `~c`
// forms: the members of `data` the context row holds are left null (a confirmation's proof path
// empty), and rendering puts the row's values back in their places. Still read: such rows live until
// their day is retired.
import type { ReferencedContext } from "./event-references";

type Json = Record<string, unknown>;

// The members of `data` such templates leave null, which rendering takes from the context row
// (written once with the row, never changed, erasure aside). transaction_hash,
// estimated_confirmation and the anchor's fields are in those templates.
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

// Assigning to a member the template keeps (null) leaves it in its place: the key order is the
// builder's.
function fill(data: Json, context: ReferencedContext, members: readonly string[]) {
  for (const m of members) {
    if (m in data && m !== "context_data" && m !== "metadata") data[m] = rowValue(context, m);
  }
}

/** A whole-envelope template (without its mark) completed from its context, or as erased. */
export function renderWholeTemplate(template: string, context: ReferencedContext | null): string {
  const envelope = JSON.parse(template) as Json;
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
