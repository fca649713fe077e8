import type { PrismaClient } from "../generated/prisma/client";
import { type ContextReader, readerFilter } from "./reader-scope";

/** A context the reader may see, or null — the caller answers 404 either way, never 403. */
export async function getContext(db: PrismaClient, reader: ContextReader, contextId: string) {
  return db.context.findFirst({ where: { id: contextId, ...readerFilter(reader) } });
}
