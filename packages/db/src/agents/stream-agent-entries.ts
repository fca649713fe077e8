import { decodeCanonicalBytes, decodeProof } from "@ctxlog/core";
import { attachBatches } from "../anchors/context-batches";
import { placeInFlight, readAnchorViews } from "../anchors/in-flight-anchors";
import { type AnchorView, anchoredFields, type Context } from "../contexts/context-view";
import { withFailedInAnchors } from "../contexts/failed-in-anchors";
import { type ContextReader, readerSees } from "../contexts/reader-scope";
import { toStoredContextRow } from "../contexts/stored-context-row";
import { withHexColumns } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { agentEntriesPage, measureAgentEntryBytes } from "./stream-agent-entries.queries";

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

// An entry's size, as the export pages count it, is its canonical JSON's bytes (context_data and
// metadata in RFC 8785 form), read by the SQL function ctxlog_canonical_bytes from the head of its
// stored form (compressed, its length first: @ctxlog/core stored-data) without inflating it, nor
// loading more than the first TOAST chunk.

/** The bytes (as pages count them) of the entries `query` selects: what an export will read. */
export async function measureAgentEntries(
  db: DbOrTx,
  reader: ContextReader,
  query: AgentEntriesQuery,
): Promise<number> {
  const [row] = await runQuery(
    measureAgentEntryBytes,
    {
      userId: reader.userId,
      ...(await readerSees(db, reader)),
      agentId: query.agentId,
      fromSequence: query.fromSequence ?? 1,
      toSequence: query.toSequence ?? null,
    },
    sqlOf(db),
  );
  return Number(row?.bytes ?? 0);
}

/**
 * The entries of one agent's log the reader may read, in sequence order from `fromSequence` to
 * `toSequence` (inclusive), read on the (user, agent, sequence) index in pages bounded by bytes
 * (`pageBytes` of canonical JSON, one entry at least, MAX_PAGE_ROWS at most), not by rows: an
 * export holds one such page in memory at a time, whatever the length of the log or the size of
 * its entries. A page is one statement (its end found from the entries' sizes, then its rows).
 */
export async function* streamAgentEntries(
  db: DbOrTx,
  reader: ContextReader,
  query: AgentEntriesQuery & { pageBytes?: number },
): AsyncGenerator<AgentEntry> {
  const pageBytes = query.pageBytes ?? DEFAULT_PAGE_BYTES;
  const readAnchors = readAnchorViews(db);
  const sees = await readerSees(db, reader); // the scope's keys read once, not a page
  let after = (query.fromSequence ?? 1) - 1;
  for (;;) {
    const page = (
      await runQuery(
        agentEntriesPage,
        {
          userId: reader.userId,
          ...sees,
          agentId: query.agentId,
          after,
          toSequence: query.toSequence ?? null,
          maxRows: MAX_PAGE_ROWS,
          pageBytes,
        },
        sqlOf(db),
      )
    ).map(toStoredContextRow);
    if (page.length === 0) return;
    const rows = await attachBatches(db, await withFailedInAnchors(page, readAnchors), readAnchors, {
      withProofs: true,
    });
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
    after = page.at(-1)?.sequence as number;
  }
}
