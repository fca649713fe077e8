import { ANCHOR_OMIT, type AnchorView, anchoredFields, type Context } from "../contexts/context-view";
import type { ContextReader } from "../contexts/reader-scope";
import { readerFilter } from "../contexts/reader-scope";
import type { PrismaClient } from "../generated/prisma/client";

/** A chained context (with its anchor's chain fields) and the batch it is in (null while in none). */
export type AgentEntry = Context & { anchor: AnchorView | null };

/**
 * The entries of one agent's log the reader may read, in sequence order from `fromSequence` to
 * `toSequence` (inclusive), read in pages of `pageSize` on the (user, agent, sequence) index, so an
 * export of any length holds one page in memory at a time.
 */
export async function* streamAgentEntries(
  db: PrismaClient,
  reader: ContextReader,
  query: { agentId: string; fromSequence?: number; toSequence?: number; pageSize?: number },
): AsyncGenerator<AgentEntry> {
  const pageSize = query.pageSize ?? 500;
  let after = (query.fromSequence ?? 1) - 1;
  for (;;) {
    const rows = await db.context.findMany({
      where: {
        ...readerFilter(reader),
        agentId: query.agentId,
        sequence: { gt: after, ...(query.toSequence !== undefined ? { lte: query.toSequence } : {}) },
      },
      include: { anchor: { omit: ANCHOR_OMIT } },
      orderBy: { sequence: "asc" },
      take: pageSize,
    });
    for (const row of rows) yield { ...row, ...anchoredFields(row, row.anchor) };
    const last = rows[rows.length - 1];
    if (rows.length < pageSize || last?.sequence == null) return;
    after = last.sequence;
  }
}
