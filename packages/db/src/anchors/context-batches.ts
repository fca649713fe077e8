import type { DbOrTx } from "../prisma-types";
import { findInFlightAnchorIds, inFlightOf } from "./in-flight-anchors";

/** What a row needs for its batch to be found: its own status and anchor, as stored. */
interface StoredPlacement {
  id: string;
  status: string;
  anchorId: string | null;
  leafIndex?: number | null;
}

interface ConfirmedPlacement {
  anchorId: string;
  leafIndex: number;
  /** its proof as stored (32-byte nodes), read out of the anchor's tree when asked for */
  proof: Uint8Array | null;
}

/**
 * Where the batches of these contexts are, for those whose row does not say (see
 * `attachBatches`): confirmed ones by their confirmed_contexts row (with the proof their anchor's
 * tree holds, in the same query, when `withProofs`), and the rest by the batch in flight that
 * lists them, if any.
 */
async function findBatches(db: DbOrTx, ids: readonly string[], withProofs: boolean) {
  const confirmed = new Map<string, ConfirmedPlacement>();
  if (ids.length === 0) return { confirmed, inFlight: new Map<string, string>() };
  const found = withProofs
    ? await db.$queryRaw<{ id: string; anchor_id: string; leaf_index: number; proof: Uint8Array | null }[]>`
        SELECT m.id, m.anchor_id, m.leaf_index,
               ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS proof
          FROM confirmed_contexts AS m JOIN anchors AS a ON a.id = m.anchor_id
         WHERE m.id = ANY(${[...ids]}::text[])`
    : await db.$queryRaw<{ id: string; anchor_id: string; leaf_index: number; proof: null }[]>`
        SELECT id, anchor_id, leaf_index, NULL AS proof FROM confirmed_contexts WHERE id = ANY(${[...ids]}::text[])`;
  for (const r of found)
    confirmed.set(r.id, { anchorId: r.anchor_id, leafIndex: r.leaf_index, proof: r.proof });
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
 * staying null as their row's. `readAnchors` reads anchors as the reader does; `withProofs` reads
 * confirmed ones' proofs too, out of their anchors' trees, in the same query (rows that hold no
 * proof of their own otherwise get it from `attachTreeProofs`). Rows whose own status is final
 * (failed, or confirmed before migration 20261127164638) are as stored. Costs queries only when
 * some row says pending. (A read by id does all of it in one statement: read-context-row.ts.)
 */
export async function attachBatches<
  A extends { id: string },
  R extends StoredPlacement & { anchor: A | null },
>(
  db: DbOrTx,
  rows: R[],
  readAnchors: (ids: string[]) => Promise<A[]>,
  opts: { withProofs?: boolean } = {},
): Promise<R[]> {
  const { confirmed, inFlight } = await findBatches(
    db,
    rows.filter((r) => r.status === "pending").map((r) => r.id),
    opts.withProofs === true,
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
        // a row's own proof first, as in SQL (merkleProofSql): only rows confirmed before hold one
        ...("merkleProof" in r && r.merkleProof === null && placed.proof !== null
          ? { merkleProof: placed.proof }
          : {}),
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
