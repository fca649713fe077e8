import { ANCHOR_IN_FLIGHT_STATUSES, decodeProof } from "@ctxlog/core";
import { ANCHOR_FIELDS, ANCHOR_OMIT, type AnchorOfContext, type AnchorView } from "../contexts/context-view";
import { type AnchorStatus, Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { inFlightPlacements } from "./in-flight-anchors.queries";

/**
 * A batch is in flight from its claim until it is confirmed or fails (@ctxlog/core's lifecycle
 * table: every state but the final ones). Its contexts are its
 * `context_ids`: their rows are not written at the claim (each is written once, with its status,
 * when the batch ends), so while a batch is in flight this list is the only link between them.
 */
export const IN_FLIGHT_STATUSES: readonly AnchorStatus[] = ANCHOR_IN_FLIGHT_STATUSES;

/** `IN_FLIGHT_STATUSES` as a condition on `status`, for raw SQL. */
export const IN_FLIGHT_SQL = `status IN (${IN_FLIGHT_STATUSES.map((s) => `'${s}'`).join(", ")})`;
export const inFlightOf = (alias: string) => Prisma.raw(`${alias}.${IN_FLIGHT_SQL}`);

/** The ids of every context in a batch in flight (few: the batches the chain worker is sending). */
export const IN_FLIGHT_CONTEXT_IDS_SQL = `SELECT unnest(context_ids) FROM anchors WHERE ${IN_FLIGHT_SQL}`;

/** The advisory lock (transaction-scoped) that makes claims take turns. */
export const CLAIMS_LOCK_KEY = 0x63_74_78_6c_6f_67; // "ctxlog"

/** Which batch in flight holds each of these contexts (those in none are left out). */
export async function findInFlightAnchorIds(
  db: DbOrTx,
  contextIds: readonly string[],
): Promise<Map<string, string>> {
  if (contextIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ context_id: string; anchor_id: string }[]>`
    SELECT x AS context_id, a.id AS anchor_id
      FROM anchors a CROSS JOIN unnest(a.context_ids) AS x
     WHERE ${inFlightOf("a")} AND a.context_ids && ${[...contextIds]}::text[]
       AND x = ANY(${[...contextIds]}::text[])`;
  return new Map(rows.map((r) => [r.context_id, r.anchor_id]));
}

/** `readAnchors` for readers that show a context's chain fields (ANCHOR_FIELDS). */
export const readAnchorFields =
  (db: DbOrTx) =>
  async (ids: string[]): Promise<AnchorOfContext[]> =>
    (await readAnchorViews(db)(ids)).map(
      (anchor) =>
        Object.fromEntries(
          (Object.keys(ANCHOR_FIELDS) as (keyof typeof ANCHOR_FIELDS)[]).map((k) => [k, anchor[k]]),
        ) as AnchorOfContext,
    );

// Confirmed anchors, by client: a confirmed anchor never changes again (its block is deep enough,
// its depth is the one it was confirmed at), and most reads of a context — every one confirmed
// since migration 20261127164638 — read its anchor by id after finding it in confirmed_contexts.
const CONFIRMED_ANCHORS_KEPT = 4_096;
const confirmedAnchors = new WeakMap<object, Map<string, AnchorView>>();

/**
 * `readAnchors` for readers that show the whole anchor (but its context ids and tree). Confirmed
 * anchors are kept in memory once read (the newest CONFIRMED_ANCHORS_KEPT per client); others are
 * read every time.
 */
export const readAnchorViews =
  (db: DbOrTx) =>
  async (ids: string[]): Promise<AnchorView[]> => {
    const kept = confirmedAnchors.get(db) ?? new Map<string, AnchorView>();
    confirmedAnchors.set(db, kept);
    const known = ids.flatMap((id) => kept.get(id) ?? []);
    if (known.length === ids.length) return known;
    const read = await db.anchor.findMany({
      where: { id: { in: ids.filter((id) => !kept.has(id)) } },
      omit: ANCHOR_OMIT,
    });
    for (const anchor of read) {
      if (anchor.status !== "confirmed") continue;
      if (kept.size >= CONFIRMED_ANCHORS_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(anchor.id, anchor);
    }
    return [...known, ...read];
  };

/**
 * Where each of these contexts sits in the batch in flight that holds it (`anchorOf`: its anchor
 * id): its leaf index (its place in the batch's context_ids) and its proof, read out of the batch's
 * tree as every proof is (ctxlog_merkle_proof). A row gets its leaf in confirmed_contexts only when
 * its batch is confirmed, so this is how a context in a batch in flight is placed (an export shows
 * it, for the audit to measure its depth). One query, only when some row needs it.
 */
export async function placeInFlight(
  db: DbOrTx,
  anchorOf: ReadonlyMap<string, string>,
): Promise<Map<string, { leafIndex: number; merkleProof: string[] }>> {
  if (anchorOf.size === 0) return new Map();
  const rows = await runQuery(
    inFlightPlacements,
    { anchorIds: [...new Set(anchorOf.values())], ids: [...anchorOf.keys()] },
    sqlOf(db),
  );
  return new Map(rows.map((r) => [r.id, { leafIndex: r.leaf_index, merkleProof: decodeProof(r.proof) }]));
}
