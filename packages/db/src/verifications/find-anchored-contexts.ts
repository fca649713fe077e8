import { type ContextReader, readerFilter } from "../contexts/reader-scope";
import type { DbOrTx } from "../prisma-types";

/**
 * The reader's contexts with this context_hash whose anchoring transaction is `transactionHash`
 * (the context's own, or its batch's latest), with their anchor. Identical data logged twice gives
 * two rows; a handful at most are returned.
 */
export async function findAnchoredContexts(
  db: DbOrTx,
  reader: ContextReader,
  contextHash: string,
  transactionHash: string,
) {
  return db.context.findMany({
    where: {
      ...readerFilter(reader),
      contextHash,
      OR: [{ transactionHash }, { anchor: { transactionHash } }],
    },
    include: { anchor: true },
    orderBy: { id: "asc" },
    take: 5,
  });
}

/** Any of the reader's contexts with this context_hash (to say where it is anchored instead). */
export async function findContextByHash(db: DbOrTx, reader: ContextReader, contextHash: string) {
  return db.context.findFirst({
    where: { ...readerFilter(reader), contextHash },
    select: { id: true, status: true, transactionHash: true },
    orderBy: { id: "desc" },
  });
}
