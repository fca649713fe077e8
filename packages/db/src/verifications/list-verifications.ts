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
      ...(query.after === undefined ? {} : { id: { lt: query.after } }),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextAfter: hasMore ? (page[page.length - 1]?.id ?? null) : null };
}
