import type { PrismaClient } from "../generated/prisma/client";
import { type ContextReader, readerFilter } from "./reader-scope";

/** A context the reader may see, with the anchor it was confirmed in (null when not confirmed). */
export async function getContextWithAnchor(db: PrismaClient, reader: ContextReader, contextId: string) {
  return db.context.findFirst({
    where: { id: contextId, ...readerFilter(reader) },
    include: { anchor: true },
  });
}
