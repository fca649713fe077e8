import { attachBatches } from "../anchors/context-batches";
import { readAnchorViews } from "../anchors/in-flight-anchors";
import { attachTreeProofs } from "../anchors/tree-proofs";
import type { PrismaClient } from "../generated/prisma/client";
import { ANCHOR_OMIT, anchoredFields, decodeContextRow } from "./context-view";
import { type ContextReader, readerFilter } from "./reader-scope";

/** A context the reader may see, with its chain fields and the anchor it is in (null in none). */
export async function getContextWithAnchor(db: PrismaClient, reader: ContextReader, contextId: string) {
  const row = await db.context.findFirst({
    where: { id: contextId, ...readerFilter(reader) },
    include: { anchor: { omit: ANCHOR_OMIT } },
  });
  if (!row) return null;
  const [placed] = await attachTreeProofs(
    db,
    await attachBatches(db, [row], readAnchorViews(db), { withProofs: true }),
  );
  if (!placed) return null;
  return { ...decodeContextRow(placed), ...anchoredFields(placed, placed.anchor) };
}
