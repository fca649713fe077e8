import { readAnchorViews } from "../anchors/in-flight-anchors";
import type { PrismaClient } from "../generated/prisma/client";
import { anchoredFields, decodeContextRow } from "./context-view";
import { readContextWithAnchor } from "./read-context-row";
import type { ContextReader } from "./reader-scope";

/** A context the reader may see, with its chain fields and the anchor it is in (null in none). */
export async function getContextWithAnchor(db: PrismaClient, reader: ContextReader, contextId: string) {
  const row = await readContextWithAnchor(db, reader, contextId, readAnchorViews(db));
  if (!row) return null;
  return { ...decodeContextRow(row), ...anchoredFields(row, row.anchor) };
}
