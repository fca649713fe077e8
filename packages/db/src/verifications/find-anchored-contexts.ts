import { attachBatches } from "../anchors/context-batches";
import { readAnchorFields, readAnchorViews } from "../anchors/in-flight-anchors";
import {
  type AnchorView,
  anchoredFields,
  decodeContextRow,
  type StoredContextRow,
} from "../contexts/context-view";
import { type ContextReader, readerSees } from "../contexts/reader-scope";
import { bufferOfHex, bytesOfHex, hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import {
  contextsNamingTransaction,
  contextsWithHash,
  type IContextsWithHashResult,
  newestContextWithHash,
} from "./find-anchored-contexts.queries";

const MAX_ROWS = 5;

/** A bytea as Prisma's Bytes type (pg's Buffer is one, over an ArrayBuffer of its own or its pool's). */
const bytes = (value: Buffer) => value as Uint8Array<ArrayBuffer>;
const bytesOrNull = (value: Buffer | null) => (value === null ? null : bytes(value));

/** A contexts row as read by find-anchored-contexts.sql, as the stored row readers decode. */
function storedRowOf(row: IContextsWithHashResult): StoredContextRow {
  return {
    id: row.id,
    userId: row.user_id,
    apiKeyId: row.api_key_id,
    agentId: row.agent_id,
    visibility: row.visibility,
    canonicalData: bytesOrNull(row.canonical_data),
    contextHash: bytes(row.context_hash),
    signature: bytes(row.signature),
    signatureScheme: row.signature_scheme,
    signerAddress: row.signer_address,
    network: row.network,
    estimatedConfirmation: row.estimated_confirmation,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    errorDetails: row.error_details,
    failureReason: row.failure_reason,
    retryPossible: row.retry_possible,
    failedAt: row.failed_at,
    createdAt: row.created_at,
    anchorId: row.anchor_id,
    sequence: row.sequence,
    prevEntryHash: bytesOrNull(row.prev_entry_hash),
    entryHash: bytesOrNull(row.entry_hash),
    dataErasedAt: row.data_erased_at,
    dataErasedBy: row.data_erased_by,
    dataErasureReason: row.data_erasure_reason,
    dataErasureOverrodeRetention: row.data_erasure_overrode_retention,
  };
}

/** Rows with the anchor they name themselves (failed in), read as readers read anchors. */
async function withStoredAnchors(
  db: DbOrTx,
  rows: IContextsWithHashResult[],
): Promise<(StoredContextRow & { anchor: AnchorView | null })[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.anchor_id === null ? [] : [r.anchor_id])))];
  const anchors = new Map((ids.length === 0 ? [] : await readAnchorViews(db)(ids)).map((a) => [a.id, a]));
  return rows.map((r) => ({ ...storedRowOf(r), anchor: anchors.get(r.anchor_id ?? "") ?? null }));
}

/** The reader and the hash as find-anchored-contexts.sql's parameters. */
const readerWithHash = async (db: DbOrTx, reader: ContextReader, contextHashHex: string) => ({
  userId: reader.userId,
  ...(await readerSees(db, reader)),
  contextHash: Buffer.from(bytesOfHex(contextHashHex)),
});

/**
 * The reader's contexts with this context_hash whose batch's transaction is `transactionHash`, with
 * their chain fields and their anchor. Identical data logged twice gives two rows; a handful at most
 * are returned. Rows that name their batch themselves (failed) are found through it; the others —
 * confirmed, or in a batch in flight — through `attachBatches`, among the reader's rows with this
 * hash that have not failed.
 */
export async function findAnchoredContexts(
  db: DbOrTx,
  reader: ContextReader,
  contextHashHex: string,
  transactionHash: string,
) {
  const sql = sqlOf(db);
  const byHash = await readerWithHash(db, reader, contextHashHex);
  // the anchor's hash as stored (bytes), and as readers see it (lowercase 0x-hex) for the rows found
  // through their batch, whatever the case it was given in
  const transaction = bufferOfHex(transactionHash);
  const transactionHex = hexOf(transaction);
  const named = await attachBatches(
    db,
    await withStoredAnchors(
      db,
      await runQuery(
        contextsNamingTransaction,
        { ...byHash, transactionHash: transaction, limit: MAX_ROWS },
        sql,
      ),
    ),
    readAnchorViews(db),
  );
  const placed =
    named.length === MAX_ROWS
      ? []
      : (
          await attachBatches(
            db,
            // identical data logged more often than this is looked for among its oldest rows
            await withStoredAnchors(db, await runQuery(contextsWithHash, { ...byHash, limit: 100 }, sql)),
            readAnchorViews(db),
            { withProofs: true },
          )
        ).filter((row) => row.anchor?.transactionHash === transactionHex);
  const rows = [...new Map([...named, ...placed].map((row) => [row.id, row])).values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .slice(0, MAX_ROWS);
  return rows.map((row) => ({
    ...decodeContextRow(row),
    ...anchoredFields(row, row.anchor),
  }));
}

/** Any of the reader's contexts with this context_hash (to say where it is anchored instead). */
export async function findContextByHash(db: DbOrTx, reader: ContextReader, contextHash: string) {
  const [found] = await runQuery(
    newestContextWithHash,
    await readerWithHash(db, reader, contextHash),
    sqlOf(db),
  );
  if (!found) return null;
  const [anchor] = found.anchor_id === null ? [] : await readAnchorFields(db)([found.anchor_id]);
  const [row] = await attachBatches(
    db,
    [{ id: found.id, createdAt: found.created_at, anchorId: found.anchor_id, anchor: anchor ?? null }],
    readAnchorFields(db),
  );
  return (
    row && {
      id: row.id,
      status: row.status,
      transactionHash: anchoredFields(row, row.anchor).transactionHash,
    }
  );
}
