import { CANONICAL_BYTES_SQL, decodeCanonicalBytes, decodeProof } from "@ctxlog/core";
import { attachBatches } from "../anchors/context-batches";
import { placeInFlight, readAnchorViews } from "../anchors/in-flight-anchors";
import { ANCHOR_OMIT, type AnchorView, anchoredFields, type Context } from "../contexts/context-view";
import { type ContextReader, readerFilter, readerScopeSql } from "../contexts/reader-scope";
import type { PrismaClient } from "../generated/prisma/client";
import { withHexColumns } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";

/**
 * A chained context (with its anchor's chain fields) and the batch it is in (null while in none).
 * Exports write its canonical JSON (RFC 8785 of {agent_id, context_data, metadata}) as the UTF-8
 * bytes it is stored as (null: erased), never as a string.
 */
export type AgentEntry = Omit<Context, "contextData" | "metadata" | "canonicalJson"> & {
  canonicalBytes: Buffer | null;
  anchor: AnchorView | null;
};

export interface AgentEntriesQuery {
  agentId: string;
  fromSequence?: number;
  toSequence?: number;
}

const DEFAULT_PAGE_BYTES = 1024 * 1024;
const MAX_PAGE_ROWS = 500;

/**
 * An entry's size as the export pages count it: its canonical JSON's bytes (context_data and
 * metadata in RFC 8785 form), read from the head of its stored form (compressed, its length first:
 * @ctxlog/core stored-data) without inflating it, nor loading more than the first TOAST chunk.
 */
const ENTRY_BYTES = CANONICAL_BYTES_SQL("c.canonical_data");

/**
 * The last sequence of the next page: entries after `after`, in order, as many as fit in
 * `pageBytes` (at least one, at most MAX_PAGE_ROWS). Null when there are none.
 */
async function pageEnd(
  db: DbOrTx,
  reader: ContextReader,
  query: AgentEntriesQuery,
  after: number,
  pageBytes: number,
): Promise<number | null> {
  const rows = await db.$queryRawUnsafe<{ sequence: number; running: bigint | number }[]>(
    `SELECT sequence, sum(bytes) OVER (ORDER BY sequence) AS running FROM (
       SELECT c.sequence, ${ENTRY_BYTES} AS bytes FROM contexts c
       WHERE c.user_id = $1 ${readerScopeSql(reader)} AND c.agent_id = $3 AND c.sequence > $4
         AND ($5::int IS NULL OR c.sequence <= $5) AND ($2::text IS NOT NULL OR true)
       ORDER BY c.sequence LIMIT ${MAX_PAGE_ROWS}
     ) page ORDER BY sequence`,
    reader.userId,
    reader.keyFamilyId,
    query.agentId,
    after,
    query.toSequence ?? null,
  );
  let end: number | null = rows[0]?.sequence ?? null;
  for (const row of rows) {
    if (Number(row.running) > pageBytes) break;
    end = row.sequence;
  }
  return end;
}

/** The bytes (as pages count them) of the entries `query` selects: what an export will read. */
export async function measureAgentEntries(
  db: DbOrTx,
  reader: ContextReader,
  query: AgentEntriesQuery,
): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ bytes: bigint | number | null }[]>(
    `SELECT sum(${ENTRY_BYTES}) AS bytes FROM contexts c
     WHERE c.user_id = $1 ${readerScopeSql(reader)} AND c.agent_id = $3 AND c.sequence >= $4
       AND ($5::int IS NULL OR c.sequence <= $5) AND ($2::text IS NOT NULL OR true)`,
    reader.userId,
    reader.keyFamilyId,
    query.agentId,
    query.fromSequence ?? 1,
    query.toSequence ?? null,
  );
  return Number(row?.bytes ?? 0);
}

/**
 * The entries of one agent's log the reader may read, in sequence order from `fromSequence` to
 * `toSequence` (inclusive), read on the (user, agent, sequence) index in pages bounded by bytes
 * (`pageBytes` of canonical JSON, one entry at least), not by rows: an export holds one such page
 * in memory at a time, whatever the length of the log or the size of its entries.
 */
export async function* streamAgentEntries(
  db: PrismaClient,
  reader: ContextReader,
  query: AgentEntriesQuery & { pageBytes?: number },
): AsyncGenerator<AgentEntry> {
  const pageBytes = query.pageBytes ?? DEFAULT_PAGE_BYTES;
  let after = (query.fromSequence ?? 1) - 1;
  for (;;) {
    const end = await pageEnd(db, reader, query, after, pageBytes);
    if (end === null) return;
    const rows = await attachBatches(
      db,
      await db.context.findMany({
        where: { ...readerFilter(reader), agentId: query.agentId, sequence: { gt: after, lte: end } },
        include: { anchor: { omit: ANCHOR_OMIT } },
        orderBy: { sequence: "asc" },
      }),
      readAnchorViews(db),
      { withProofs: true },
    );
    // the page's rows in a batch in flight (the log's newest entries): their leaf and proof
    const inFlight = await placeInFlight(
      db,
      new Map(
        rows.flatMap((r): [string, string][] =>
          r.anchorId === null && r.anchor ? [[r.id, r.anchor.id]] : [],
        ),
      ),
    );
    for (const row of rows) {
      // the canonical JSON only (inflated, neither parsed nor made a string): an export writes it as it is
      const { canonicalData, merkleProof, ...entry } = row;
      const placed = inFlight.get(row.id);
      yield {
        ...withHexColumns(entry),
        canonicalBytes: canonicalData === null ? null : decodeCanonicalBytes(canonicalData),
        leafIndex: placed ? placed.leafIndex : entry.leafIndex,
        merkleProof: placed ? placed.merkleProof : decodeProof(merkleProof),
        ...anchoredFields(row, row.anchor),
      };
    }
    after = end;
  }
}
