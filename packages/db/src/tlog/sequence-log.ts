import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import {
  appendLeaves,
  insertCheckpoint,
  latestCheckpointSize,
  queuedEntries,
  readTiles,
  takeSequencerLock,
  writeTiles,
} from "./sequence-log.queries";

/** The advisory lock the sequencers take turns under (the anchor claims take CLAIMS_LOCK_KEY). */
export const SEQUENCER_LOCK_KEY = 0x74_6c_6f_67; // "tlog"

/** Level of the stored rows that hold the entry bundles' entries (hash tiles are levels 0 and up). */
export const ENTRIES_LEVEL = -1;

/** A stored tile: `level` ENTRIES_LEVEL for an entry bundle's entries. */
export interface StoredTile {
  level: number;
  index: number;
  /** its 32-byte hashes (or entry hashes), one after the other, at the tile's current width */
  hashes: Uint8Array;
}

/** What the sequencer is given to grow the tree from, inside the transaction. */
export interface LogGrowthInput {
  oldSize: number;
  /** the chained contexts not yet in the log, in the order they are appended (by id) */
  entries: { id: string; entryHash: Uint8Array }[];
  /** the stored tiles asked for by `tilesNeeded(oldSize)`, as they are at oldSize */
  readTile: (level: number, index: number) => Uint8Array | undefined;
}

/** What the sequencer writes for the new size: every tile that appeared or widened, and the signed note. */
export interface LogGrowth {
  tiles: StoredTile[];
  note: string;
}

export interface AppendToLogOptions {
  /** the most entries one checkpoint appends (the rest wait for the next turn) */
  limit: number;
  /** the tiles (level, index) that growing a tree of `oldSize` reads */
  tilesNeeded: (oldSize: number) => { level: number; index: number }[];
  /** the new tiles and the signed checkpoint (pure: formats live in @ctxlog/core) */
  grow: (input: LogGrowthInput) => LogGrowth;
}

export type AppendResult =
  | { status: "busy" }
  | { status: "idle"; size: number }
  | { status: "appended"; oldSize: number; size: number; ids: string[] };

/**
 * One turn of the sequencer, in one transaction: under an advisory lock tried (another sequencer
 * holding it: "busy"), appends the queued chained contexts by id as leaves from the latest
 * checkpoint's size on, writes each one's log index, the tiles that grew and the new signed
 * checkpoint, and takes them out of the queue. A crash anywhere before COMMIT leaves all of it
 * unwritten and the queue as it was.
 */
export async function appendToLog(db: DbOrTx, options: AppendToLogOptions): Promise<AppendResult> {
  return inSqlTransaction(db, async (sql) => {
    const [lock] = await runQuery(takeSequencerLock, { key: SEQUENCER_LOCK_KEY }, sql);
    if (!lock?.locked) return { status: "busy" };
    const [latest] = await runQuery(latestCheckpointSize, undefined, sql);
    const oldSize = latest ? Number(latest.size) : 0;
    const rows = await runQuery(queuedEntries, { limit: options.limit }, sql);
    if (rows.length === 0) return { status: "idle", size: oldSize };

    const wanted = options.tilesNeeded(oldSize);
    const stored = new Map<string, Uint8Array>();
    if (wanted.length > 0) {
      const tiles = await runQuery(
        readTiles,
        { levels: wanted.map((t) => t.level), indexes: wanted.map((t) => t.index) },
        sql,
      );
      for (const t of tiles) stored.set(`${t.level}/${t.tile_index}`, new Uint8Array(t.hashes));
    }
    const entries = rows.map((r) => ({ id: r.id, entryHash: new Uint8Array(r.entry_hash) }));
    const growth = options.grow({
      oldSize,
      entries,
      readTile: (level, index) => stored.get(`${level}/${index}`),
    });
    const ids = entries.map((e) => e.id);
    await runQuery(appendLeaves, { first: oldSize, ids }, sql);
    await runQuery(
      writeTiles,
      {
        levels: growth.tiles.map((t) => t.level),
        indexes: growth.tiles.map((t) => t.index),
        hashes: growth.tiles.map((t) => Buffer.from(t.hashes)),
      },
      sql,
    );
    const size = oldSize + ids.length;
    await runQuery(insertCheckpoint, { size, note: growth.note }, sql);
    return { status: "appended", oldSize, size, ids };
  });
}
