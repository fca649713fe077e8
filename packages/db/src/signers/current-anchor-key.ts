import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { currentAnchorKeyOf } from "./current-anchor-key.queries";

/**
 * The anchor key in use: the address the chain worker sends anchors from (it publishes it at
 * start-up and with each anchoring), the one whose balance pays the gas. Null before any.
 */
export async function currentAnchorKey(db: DbOrTx): Promise<string | null> {
  const [row] = await runQuery(currentAnchorKeyOf, undefined, sqlOf(db));
  return row?.address ?? null;
}
