import { AppError } from "@ctxlog/core";
import { type ContextReader, findEvidenceSequences, findFirstUnconfirmedEntry } from "@ctxlog/db";

/** What a pack of [from, to) holds: its entries, the entries around them, and the period. */
export interface PackRange {
  from: Date;
  /** `to` as asked, or the receipt time of the first entry not confirmed yet (it becomes `after`) */
  to: Date;
  /** null for a period without entries */
  entries: { first: number; last: number } | null;
  /** the entry just before (completeness.json's `before`), null when the range starts the log */
  before: number | null;
  /** the entry just after, null when the range ends at the head */
  after: number | null;
}

/**
 * The run of sequences of docs/evidence.md "Writing a pack": first = the lowest received at or
 * after `from`, last = the highest received before `to`, ended before the first entry that is not
 * confirmed yet (a pack holds confirmed entries only).
 */
export async function packRange(
  db: Parameters<typeof findEvidenceSequences>[0],
  reader: ContextReader,
  query: { agentId: string; from: Date; to: Date; headSequence: number },
): Promise<PackRange> {
  const { agentId, from, headSequence } = query;
  let to = query.to;
  const { first, last } = await findEvidenceSequences(db, reader, { agentId, from, to });
  if (first === null) {
    // nothing received at or after `from`: the period follows the head
    return { from, to, entries: null, before: headSequence, after: null };
  }
  let end = last ?? 0;
  if (end >= first) {
    const unconfirmed = await findFirstUnconfirmedEntry(db, reader, {
      agentId,
      firstSequence: first,
      lastSequence: end,
    });
    if (unconfirmed) {
      if (unconfirmed.receivedAt <= from)
        throw new AppError(
          "CONFLICT",
          `Entry ${unconfirmed.sequence} of the period is not confirmed yet; retry once it is.`,
        );
      end = unconfirmed.sequence - 1;
      to = unconfirmed.receivedAt;
    }
  }
  const entries = end >= first ? { first, last: end } : null;
  // without entries, the period lies between the entry `first` (received at or after `to`) and the one before
  const afterSequence = entries ? entries.last + 1 : first;
  const beforeSequence = (entries ? entries.first : first) - 1;
  return {
    from,
    to,
    entries,
    before: beforeSequence >= 1 ? beforeSequence : null,
    after: afterSequence <= headSequence ? afterSequence : null,
  };
}
