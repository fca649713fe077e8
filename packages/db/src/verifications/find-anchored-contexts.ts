import { attachBatches } from "../anchors/context-batches";
import { readAnchorFields, readAnchorViews } from "../anchors/in-flight-anchors";
import { ANCHOR_FIELDS, ANCHOR_OMIT, anchoredFields, decodeContextRow } from "../contexts/context-view";
import { type ContextReader, readerFilter } from "../contexts/reader-scope";
import { bytesOfHex } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";

const MAX_ROWS = 5;

/**
 * The reader's contexts with this context_hash whose batch's transaction is `transactionHash`, with
 * their chain fields and their anchor. Identical data logged twice gives two rows; a handful at most
 * are returned. Rows that name their batch themselves (failed) are found through it; the others —
 * confirmed, or in a batch in flight — through `attachBatches`, among the reader's rows with this
 * hash that have not failed.
 */
export async function findAnchoredContexts(
  db: DbOrTx,
  reader: ContextReader,
  contextHashHex: string,
  transactionHash: string,
) {
  const contextHash = bytesOfHex(contextHashHex);
  const named = await attachBatches(
    db,
    await db.context.findMany({
      where: { ...readerFilter(reader), contextHash, anchor: { transactionHash } },
      include: { anchor: { omit: ANCHOR_OMIT } },
      orderBy: { id: "asc" },
      take: MAX_ROWS,
    }),
    readAnchorViews(db),
  );
  const placed =
    named.length === MAX_ROWS
      ? []
      : (
          await attachBatches(
            db,
            await db.context.findMany({
              where: { ...readerFilter(reader), contextHash },
              include: { anchor: { omit: ANCHOR_OMIT } },
              orderBy: { id: "asc" },
              // identical data logged more often than this is looked for among its oldest rows
              take: 100,
            }),
            readAnchorViews(db),
            { withProofs: true },
          )
        ).filter((row) => row.anchor?.transactionHash === transactionHash);
  const rows = [...new Map([...named, ...placed].map((row) => [row.id, row])).values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .slice(0, MAX_ROWS);
  return rows.map((row) => ({
    ...decodeContextRow(row),
    ...anchoredFields(row, row.anchor),
  }));
}

/** Any of the reader's contexts with this context_hash (to say where it is anchored instead). */
export async function findContextByHash(db: DbOrTx, reader: ContextReader, contextHash: string) {
  const found = await db.context.findFirst({
    where: { ...readerFilter(reader), contextHash: bytesOfHex(contextHash) },
    select: { id: true, createdAt: true, anchorId: true, anchor: { select: ANCHOR_FIELDS } },
    orderBy: { id: "desc" },
  });
  if (!found) return null;
  const [row] = await attachBatches(db, [found], readAnchorFields(db));
  return (
    row && {
      id: row.id,
      status: row.status,
      transactionHash: anchoredFields(row, row.anchor).transactionHash,
    }
  );
}
