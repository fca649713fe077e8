import type { ContextPlacement } from "../contexts/context-view";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { placementsOf } from "./context-batches.queries";
import { findInFlightAnchorIds } from "./in-flight-anchors";

/** What a row needs for its batch to be found: its id, and its anchor as stored (failed in). */
interface StoredPlacement {
  id: string;
  anchorId: string | null;
}

/**
 * Rows with what no column of theirs says, as readers show them: each row's status (read through
 * ctxlog_context_status, the one definition) and leaf; a confirmed one's batch (confirmed_contexts,
 * which names it by ref: its anchor id, leaf index and anchor, and, with `withProofs`, the proof its
 * anchor's tree holds, read in the same query), and a pending one's batch in flight (its
 * anchor: its transaction once out; its anchor id staying null). A failed row's batch is its own
 * anchor_id. `readAnchors` reads anchors as the reader does. One query, and one more when some row
 * is pending (a read by id does all of it in one statement: read-context-row.ts).
 */
export async function attachBatches<
  A extends { id: string },
  R extends StoredPlacement & { anchor: A | null },
>(
  db: DbOrTx,
  rows: R[],
  readAnchors: (ids: string[]) => Promise<A[]>,
  opts: { withProofs?: boolean } = {},
): Promise<(R & ContextPlacement)[]> {
  if (rows.length === 0) return [];
  const placements = new Map(
    (
      await runQuery(
        placementsOf,
        { ids: rows.map((r) => r.id), withProofs: opts.withProofs === true },
        sqlOf(db),
      )
    ).map((p) => [p.id, p]),
  );
  const inFlight = await findInFlightAnchorIds(
    db,
    rows.filter((r) => placements.get(r.id)?.status === "pending").map((r) => r.id),
  );
  const anchorIds = new Set([
    ...[...placements.values()].flatMap((p) => (p.anchor_id === null ? [] : [p.anchor_id])),
    ...inFlight.values(),
  ]);
  const anchors = new Map(
    (anchorIds.size === 0 ? [] : await readAnchors([...anchorIds])).map((a) => [a.id, a]),
  );
  return rows.map((r) => {
    const placed = placements.get(r.id);
    if (!placed) throw new Error(`context ${r.id}: no row to place`);
    if (placed.anchor_id !== null) {
      return {
        ...r,
        status: placed.status,
        anchorId: placed.anchor_id,
        leafIndex: placed.leaf_index,
        logIndex: logIndexOf(placed),
        merkleProof: placed.proof,
        anchor: anchors.get(placed.anchor_id) ?? null,
      };
    }
    const anchor = anchors.get(inFlight.get(r.id) ?? "");
    return {
      ...r,
      status: placed.status,
      leafIndex: null,
      logIndex: logIndexOf(placed),
      merkleProof: null,
      ...(anchor ? { anchor } : {}),
    };
  });
}

const logIndexOf = (p: { log_index: string | null }) => (p.log_index === null ? null : Number(p.log_index));
