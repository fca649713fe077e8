import { attachBatches } from "../anchors/context-batches";
import { readAnchorFields } from "../anchors/in-flight-anchors";
import type { PrismaClient } from "../generated/prisma/client";
import { ANCHOR_FIELDS, type Context, toContext } from "./context-view";
import { type ContextReader, readerFilter } from "./reader-scope";

/** A context the reader may see, or null — the caller answers 404 either way, never 403. */
export async function getContext(
  db: PrismaClient,
  reader: ContextReader,
  contextId: string,
): Promise<Context | null> {
  const row = await db.context.findFirst({
    where: { id: contextId, ...readerFilter(reader) },
    include: { anchor: { select: ANCHOR_FIELDS } },
  });
  if (!row) return null;
  const [withAnchor] = await attachBatches(db, [row], readAnchorFields(db));
  return toContext(withAnchor as typeof row);
}
