import { readAnchorFields } from "../anchors/in-flight-anchors";
import type { PrismaClient } from "../generated/prisma/client";
import { type Context, toContext } from "./context-view";
import { readContextWithAnchor } from "./read-context-row";
import type { ContextReader } from "./reader-scope";

/** A context the reader may see, or null — the caller answers 404 either way, never 403. */
export async function getContext(
  db: PrismaClient,
  reader: ContextReader,
  contextId: string,
): Promise<Context | null> {
  const row = await readContextWithAnchor(db, reader, contextId, readAnchorFields(db));
  return row && toContext(row);
}
