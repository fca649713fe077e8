import { type ContextReader, readerSees } from "../contexts/reader-scope";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { evidenceSequenceRange, firstUnconfirmedEntry } from "./evidence-range.queries";

/**
 * The sequences an evidence pack of [from, to) spans (docs/evidence.md, "Writing a pack"): `first`
 * the lowest sequence received at or after `from`, `last` the highest received before `to` (either
 * null when there is none). The pack is the run first … last whatever each entry's received_at.
 */
export async function findEvidenceSequences(
  db: DbOrTx,
  reader: ContextReader,
  query: { agentId: string; from: Date; to: Date },
): Promise<{ first: number | null; last: number | null }> {
  const [row] = await runQuery(
    evidenceSequenceRange,
    { userId: reader.userId, ...(await readerSees(db, reader)), ...query },
    sqlOf(db),
  );
  return { first: row?.first_sequence ?? null, last: row?.last_sequence ?? null };
}

/**
 * The first entry of first … last that is not confirmed (pending or failed), or null: a pack holds
 * confirmed entries only, so its range ends before that one.
 */
export async function findFirstUnconfirmedEntry(
  db: DbOrTx,
  reader: ContextReader,
  query: { agentId: string; firstSequence: number; lastSequence: number },
): Promise<{ sequence: number; receivedAt: Date } | null> {
  const [row] = await runQuery(
    firstUnconfirmedEntry,
    { userId: reader.userId, ...(await readerSees(db, reader)), ...query, confirmed: "confirmed" },
    sqlOf(db),
  );
  return row ? { sequence: row.sequence, receivedAt: row.received_at } : null;
}
