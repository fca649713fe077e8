import { idFloor } from "@ctxlog/core";
import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { verificationOfRow } from "./verification-row";
import type { VerificationViewer } from "./verification-viewer";
import { verificationsPage } from "./verifications.queries";

/**
 * Newest first; ids are time-ordered, so the id is the cursor, and a window of creation times is
 * an id range on the same (user_id, id) index.
 */
export async function listVerifications(
  db: DbOrTx,
  viewer: VerificationViewer,
  query: { limit: number; after?: string; contextId?: string; createdAfter?: Date; createdBefore?: Date },
) {
  const rows = await runQuery(
    verificationsPage,
    {
      ...viewer,
      contextId: query.contextId ?? null,
      after: query.after ?? null,
      idFrom: query.createdAfter ? idFloor("vrf", query.createdAfter) : null,
      idTo: query.createdBefore ? idFloor("vrf", query.createdBefore) : null,
      limit: query.limit + 1,
    },
    sqlOf(db),
  );
  return toPage(rows.map(verificationOfRow), query.limit);
}
