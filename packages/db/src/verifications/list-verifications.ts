import { idFloor } from "@ctxlog/core";
import { idsBefore, toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { type VerificationViewer, viewerFilter } from "./verification-viewer";

/**
 * Newest first; ids are time-ordered, so the id is the cursor, and a window of creation times is
 * an id range on the same (user_id, id) index.
 */
export async function listVerifications(
  db: DbOrTx,
  viewer: VerificationViewer,
  query: { limit: number; after?: string; contextId?: string; createdAfter?: Date; createdBefore?: Date },
) {
  const rows = await db.verification.findMany({
    where: {
      ...(await viewerFilter(db, viewer)),
      ...(query.contextId === undefined ? {} : { contextId: query.contextId }),
      AND: [
        idsBefore(query.after),
        query.createdAfter ? { id: { gte: idFloor("vrf", query.createdAfter) } } : {},
        query.createdBefore ? { id: { lt: idFloor("vrf", query.createdBefore) } } : {},
      ],
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}
