import { ANCHOR_FIELDS, ANCHOR_OMIT, anchoredFields, decodeContextRow } from "../contexts/context-view";
import { type ContextReader, readerFilter } from "../contexts/reader-scope";
import type { DbOrTx } from "../prisma-types";

/**
 * The reader's contexts with this context_hash whose batch's transaction is `transactionHash`, with
 * their chain fields and their anchor. Identical data logged twice gives two rows; a handful at most
 * are returned.
 */
export async function findAnchoredContexts(
  db: DbOrTx,
  reader: ContextReader,
  contextHash: string,
  transactionHash: string,
) {
  const rows = await db.context.findMany({
    where: { ...readerFilter(reader), contextHash, anchor: { transactionHash } },
    include: { anchor: { omit: ANCHOR_OMIT } },
    orderBy: { id: "asc" },
    take: 5,
  });
  return rows.map((row) => ({ ...decodeContextRow(row), ...anchoredFields(row, row.anchor) }));
}

/** Any of the reader's contexts with this context_hash (to say where it is anchored instead). */
export async function findContextByHash(db: DbOrTx, reader: ContextReader, contextHash: string) {
  const row = await db.context.findFirst({
    where: { ...readerFilter(reader), contextHash },
    select: { id: true, status: true, createdAt: true, anchor: { select: ANCHOR_FIELDS } },
    orderBy: { id: "desc" },
  });
  return (
    row && {
      id: row.id,
      status: row.status,
      transactionHash: anchoredFields(row, row.anchor).transactionHash,
    }
  );
}
