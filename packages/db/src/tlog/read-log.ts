import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import {
  checkpointAt,
  latestCheckpoint,
  logIndexesOf,
  newestKey,
  publishKey,
  readTile,
} from "./read-log.queries";

export interface StoredCheckpoint {
  size: number;
  /** the signed note, as the log signed it */
  note: string;
  createdAt: Date;
}

const toCheckpoint = (row: { size: string; note: string; created_at: Date }): StoredCheckpoint => ({
  size: Number(row.size),
  note: row.note,
  createdAt: row.created_at,
});

/** The newest checkpoint (the largest tree), or null before the first entry is sequenced. */
export async function readLatestCheckpoint(db: DbOrTx | SqlRunner): Promise<StoredCheckpoint | null> {
  const [row] = await runQuery(latestCheckpoint, undefined, sqlOf(db));
  return row ? toCheckpoint(row) : null;
}

/** The checkpoint the log signed for a tree of `size` leaves, if it signed one. */
export async function readCheckpointAt(
  db: DbOrTx | SqlRunner,
  size: number,
): Promise<StoredCheckpoint | null> {
  const [row] = await runQuery(checkpointAt, { size }, sqlOf(db));
  return row ? toCheckpoint(row) : null;
}

/**
 * A stored tile's hashes (level -1: an entry bundle's entries) at the latest checkpoint's width,
 * or null when no such tile is stored. An older, narrower tile is their first W · 32 bytes.
 */
export async function readStoredTile(db: DbOrTx, level: number, index: number): Promise<Uint8Array | null> {
  const [row] = await runQuery(readTile, { level, index }, sqlOf(db));
  return row ? new Uint8Array(row.hashes) : null;
}

/** The log indexes of the given contexts that are in the log (a context not yet sequenced is absent). */
export async function readLogIndexes(
  db: DbOrTx | SqlRunner,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const rows = await runQuery(logIndexesOf, { ids: [...ids] }, sqlOf(db));
  return new Map(rows.map((r) => [r.id, Number(r.log_index)]));
}

/** The log's newest verifier key (`name+key id+base64`), or null before a sequencer published one. */
export async function readLogVerifierKey(db: DbOrTx): Promise<string | null> {
  const [row] = await runQuery(newestKey, undefined, sqlOf(db));
  return row?.verifier_key ?? null;
}

/** Publishes the key the sequencer signs checkpoints with (GET /v1/tlog/key); idempotent. */
export async function publishLogVerifierKey(db: DbOrTx, verifierKey: string): Promise<void> {
  await runQuery(publishKey, { verifierKey }, sqlOf(db));
}
