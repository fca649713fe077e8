import type { DbOrTx } from "../prisma-types";
import { findInFlightAnchorIds, inFlightOf } from "./in-flight-anchors";

/** What a row needs for its batch to be found: its own status and anchor, as stored. */
interface StoredPlacement {
  id: string;
  status: string;
  anchorId: string | null;
  leafIndex?: number | null;
}

/**
 * Where the batches of these contexts are, for those whose row does not say (see
 * `attachBatches`): confirmed ones by their confirmed_contexts row, and the rest by the batch in
 * flight that lists them, if any.
 */
async function findBatches(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0)
    return {
      confirmed: new Map<string, { anchorId: string; leafIndex: number }>(),
      inFlight: new Map<string, string>(),
    };
  const found = await db.confirmedContext.findMany({ where: { id: { in: [...ids] } } });
  const confirmed = new Map(found.map((r) => [r.id, { anchorId: r.anchorId, leafIndex: r.leafIndex }]));
  const inFlight = await findInFlightAnchorIds(
    db,
    ids.filter((id) => !confirmed.has(id)),
  );
  return { confirmed, inFlight };
}

/**
 * Rows as readers show them. A row's status, anchor and leaf are its own only until its batch
 * ends: a confirmation writes a confirmed_contexts row (batch and leaf) and leaves the context row
 * as it was, pending, and a batch in flight holds its contexts by its list of ids. So each row that
 * says pending is looked up there: confirmed ones get their status, anchor id, leaf index and
 * anchor; those in a batch in flight get that anchor (its transaction once out), their anchor id
 * staying null as their row's. `readAnchors` reads anchors as the reader does. Rows whose own
 * status is final (failed, or confirmed before migration 20261127164638) are as stored. Costs
 * queries only when some row says pending.
 */
export async function attachBatches<
  A extends { id: string },
  R extends StoredPlacement & { anchor: A | null },
>(db: DbOrTx, rows: R[], readAnchors: (ids: string[]) => Promise<A[]>): Promise<R[]> {
  const { confirmed, inFlight } = await findBatches(
    db,
    rows.filter((r) => r.status === "pending").map((r) => r.id),
  );
  if (confirmed.size === 0 && inFlight.size === 0) return rows;
  const anchorIds = new Set([...[...confirmed.values()].map((c) => c.anchorId), ...inFlight.values()]);
  const anchors = new Map((await readAnchors([...anchorIds])).map((a) => [a.id, a]));
  return rows.map((r) => {
    const placed = confirmed.get(r.id);
    if (placed) {
      return {
        ...r,
        status: "confirmed",
        anchorId: placed.anchorId,
        ...("leafIndex" in r ? { leafIndex: placed.leafIndex } : {}),
        anchor: anchors.get(placed.anchorId) ?? null,
      };
    }
    const anchor = anchors.get(inFlight.get(r.id) ?? "");
    return anchor ? { ...r, anchor } : r;
  });
}

/**
 * The id of the batch that holds a context: the one it was confirmed in, else its row's (failed
 * in, or named by a claim of an earlier version), else the one in flight that lists it.
 */
export async function findAnchorIdOf(db: DbOrTx, contextId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT COALESCE(
      (SELECT anchor_id FROM confirmed_contexts WHERE id = ${contextId}),
      (SELECT anchor_id FROM contexts WHERE id = ${contextId}),
      (SELECT a.id FROM anchors AS a WHERE ${inFlightOf("a")}
         AND a.context_ids @> ARRAY[${contextId}]::text[] LIMIT 1)) AS id`;
  return rows[0]?.id ?? null;
}
