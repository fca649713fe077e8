import type { ContextStatus } from "@ctxlog/core";
import { findInFlightAnchorIds } from "../anchors/in-flight-anchors";
import { merkleProofSql } from "../anchors/tree-proofs";
import type { DbOrTx } from "../prisma-types";
import type { PlacedContextRow, StoredContextRow } from "./context-view";
import { type ContextReader, readerScopeSql } from "./reader-scope";

/** A row of raw SQL with snake_case columns as Prisma names its model's fields (camelCase). */
function camelCased(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    out[column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

type PlacedRow = Record<string, unknown> & {
  placed_status: ContextStatus;
  placed_anchor_id: string | null;
  placed_leaf_index: number | null;
  placed_proof: Uint8Array<ArrayBuffer> | null;
};

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
  const [row] = await db.$queryRawUnsafe<PlacedRow[]>(
    `SELECT c.*, s.status AS placed_status, m.anchor_id AS placed_anchor_id, m.leaf_index AS placed_leaf_index,
            ${merkleProofSql("m.leaf_index")} AS placed_proof
       FROM contexts c
      CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
       LEFT JOIN confirmed_contexts m ON m.id = c.id
       LEFT JOIN anchors a ON a.id = m.anchor_id
      WHERE c.id = $1 AND c.user_id = $3 ${readerScopeSql(reader)} AND ($2::text IS NOT NULL OR true)`,
    contextId,
    reader.keyFamilyId,
    reader.userId,
  );
  if (!row) return null;
  const { placed_status, placed_anchor_id, placed_leaf_index, placed_proof, ...stored } = row;
  const context = camelCased(stored) as unknown as StoredContextRow;
  return {
    ...context,
    status: placed_status,
    // confirmed: its batch and leaf; failed: the batch on its row; pending: none yet
    anchorId: placed_anchor_id ?? context.anchorId,
    leafIndex: placed_leaf_index,
    merkleProof: placed_proof,
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
