import { decodeProof } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { logPlacement } from "./log-placement.queries";

/**
 * A context's place in the transparency log's tree of `treeSize` leaves: its log index and its RFC
 * 6962 inclusion proof (0x-hex, leaf side first), read out of the log's tiles. Readers give them
 * once the context is confirmed; a verification of a context whose tree head is anchored but not
 * yet confirmed reads them here, so its Merkle link is checked before its depth is reached. Null
 * when the log does not hold the context below that size.
 */
export async function readLogPlacement(
  db: DbOrTx,
  contextId: string,
  treeSize: number,
): Promise<{ leafIndex: number; merkleProof: string[] } | null> {
  const [row] = await runQuery(logPlacement, { id: contextId, treeSize }, sqlOf(db));
  if (!row) return null;
  return { leafIndex: Number(row.leafIndex), merkleProof: decodeProof(row.proof) };
}
