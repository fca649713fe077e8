import { attachInFlightAnchors, readAnchorFields, readAnchorViews } from "../anchors/in-flight-anchors";
import { attachTreeProofs } from "../anchors/tree-proofs";
import { ANCHOR_FIELDS, ANCHOR_OMIT, anchoredFields, decodeContextRow } from "../contexts/context-view";
import { type ContextReader, readerFilter } from "../contexts/reader-scope";
import type { DbOrTx } from "../prisma-types";

const MAX_ROWS = 5;

/**
 * The reader's contexts with this context_hash whose batch's transaction is `transactionHash`, with
 * their chain fields and their anchor. Identical data logged twice gives two rows; a handful at most
 * are returned. A batch in flight holds its contexts by its list of ids (their rows name it once it
 * ends): those are looked up among the reader's pending rows with this hash.
 */
export async function findAnchoredContexts(
  db: DbOrTx,
  reader: ContextReader,
  contextHash: string,
  transactionHash: string,
) {
  const ended = await attachTreeProofs(
    db,
    await db.context.findMany({
      where: { ...readerFilter(reader), contextHash, anchor: { transactionHash } },
      include: { anchor: { omit: ANCHOR_OMIT } },
      orderBy: { id: "asc" },
      take: MAX_ROWS,
    }),
  );
  const inFlight =
    ended.length === MAX_ROWS
      ? []
      : (
          await attachInFlightAnchors(
            db,
            await db.context.findMany({
              where: { ...readerFilter(reader), contextHash, status: "pending", anchorId: null },
              include: { anchor: { omit: ANCHOR_OMIT } },
              orderBy: { id: "asc" },
              // the oldest pending rows are the ones in flight; identical data logged more often
              // than this while a batch is out is told "not anchored yet" until the batch ends
              take: 100,
            }),
            readAnchorViews(db),
          )
        ).filter((row) => row.anchor?.transactionHash === transactionHash);
  return [...ended, ...inFlight]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .slice(0, MAX_ROWS)
    .map((row) => ({ ...decodeContextRow(row), ...anchoredFields(row, row.anchor) }));
}

/** Any of the reader's contexts with this context_hash (to say where it is anchored instead). */
export async function findContextByHash(db: DbOrTx, reader: ContextReader, contextHash: string) {
  const found = await db.context.findFirst({
    where: { ...readerFilter(reader), contextHash },
    select: { id: true, status: true, createdAt: true, anchorId: true, anchor: { select: ANCHOR_FIELDS } },
    orderBy: { id: "desc" },
  });
  if (!found) return null;
  const [row] = await attachInFlightAnchors(db, [found], readAnchorFields(db));
  return (
    row && {
      id: row.id,
      status: row.status,
      transactionHash: anchoredFields(row, row.anchor).transactionHash,
    }
  );
}
