import { findInFlightAnchorIds } from "../anchors/in-flight-anchors";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import type { PlacedContextRow } from "./context-view";
import { readPlacedContext } from "./read-context-row.queries";
import { type ContextReader, readerSees } from "./reader-scope";
import { toStoredContextRow } from "./stored-context-row";

/**
 * One context the reader may see, as stored, in one statement with its status (ctxlog_context_status),
 * the batch it was confirmed in (confirmed_contexts) and its proof read out of that batch's tree:
 * what `attachBatches` with proofs would add to the row, without its queries (a read by id is then one round trip, its anchor
 * coming from memory once confirmed). Null when there is none the reader may see.
 */
export async function readContextRow(
  db: DbOrTx,
  reader: ContextReader,
  contextId: string,
): Promise<PlacedContextRow | null> {
  const [row] = await runQuery(
    readPlacedContext,
    { contextId, userId: reader.userId, ...(await readerSees(db, reader)) },
    sqlOf(db),
  );
  if (!row) return null;
  const context = toStoredContextRow(row);
  return {
    ...context,
    status: row.placed_status,
    // confirmed: its batch and leaf; failed: the batch on its row; pending: none yet
    anchorId: row.placed_anchor_id ?? context.anchorId,
    leafIndex: row.placed_leaf_index,
    logIndex: row.placed_log_index === null ? null : Number(row.placed_log_index),
    merkleProof: row.placed_proof === null ? null : new Uint8Array(row.placed_proof),
  };
}

/**
 * `readContextRow` with its anchor (`readAnchors`: as the reader reads anchors; confirmed ones come
 * from memory): its batch's, or, while it is pending, the batch in flight that lists it (its
 * anchor id staying null, as `attachBatches` leaves it).
 */
export async function readContextWithAnchor<A extends { id: string }>(
  db: DbOrTx,
  reader: ContextReader,
  contextId: string,
  readAnchors: (ids: string[]) => Promise<A[]>,
): Promise<(PlacedContextRow & { anchor: A | null }) | null> {
  const row = await readContextRow(db, reader, contextId);
  if (!row) return null;
  const anchorId =
    row.anchorId ??
    (row.status === "pending" ? (await findInFlightAnchorIds(db, [row.id])).get(row.id) : undefined);
  const anchor = anchorId === undefined ? null : ((await readAnchors([anchorId]))[0] ?? null);
  return { ...row, anchor };
}
