import { idsBefore, toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { type VerificationViewer, viewerFilter } from "./verification-viewer";

/** Newest first; ids are time-ordered, so the id is the cursor. */
export async function listVerifications(
  db: DbOrTx,
  viewer: VerificationViewer,
  query: { limit: number; after?: string; contextId?: string },
) {
  const rows = await db.verification.findMany({
    where: {
      ...(await viewerFilter(db, viewer)),
      ...(query.contextId === undefined ? {} : { contextId: query.contextId }),
      ...idsBefore(query.after),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}
