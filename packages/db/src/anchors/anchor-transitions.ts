import { type AnchorBatchStatus, type AnchorEvent, anchorStatusesFor, anchorTransition } from "@ctxlog/core";
import { bufferOfHex } from "../hex-columns";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import {
  claimAnchor,
  claimTreeHeadAnchor,
  confirmAnchorRow,
  failAnchorRow,
  mineAnchor,
  requeueAnchors,
  sendAnchors,
  unmineAnchor,
} from "./anchor-transitions.queries";

/**
 * Every change of an anchor batch's status, and nothing else, writes `anchors.status`: this module,
 * the lifecycle's transitions (@ctxlog/core ANCHOR_LIFECYCLE) as statements (anchor-transitions.sql).
 * Each statement holds its rows to the statuses the table allows its event from and writes the
 * status the table leads to, both passed to SQL from LEADS_TO, which is checked against the table
 * when this module loads. Callers run them on the runner of their transaction, after taking the
 * anchor's lock first where they change its transactions or contexts too.
 * anchor-status-owners.test.ts fails when another file writes `anchors.status`.
 */
const LEADS_TO: Record<AnchorEvent, { from: AnchorBatchStatus[]; to: AnchorBatchStatus }> = {
  claim: { from: [], to: "queued" },
  send: { from: ["queued"], to: "sent" },
  requeue: { from: ["sent"], to: "queued" },
  mine: { from: ["queued", "sent"], to: "mined" },
  unmine: { from: ["mined"], to: "sent" },
  confirm: { from: ["mined"], to: "confirmed" },
  fail: { from: ["queued", "sent", "mined"], to: "failed" },
};
for (const [event, { from, to }] of Object.entries(LEADS_TO) as [
  AnchorEvent,
  (typeof LEADS_TO)[AnchorEvent],
][]) {
  const allowed = anchorStatusesFor(event);
  if (allowed.join() !== from.join())
    throw new Error(`anchor-transitions: ${event} is held to ${from}, the table says ${allowed}`);
  for (const f of from.length === 0 ? [null] : from) {
    if (anchorTransition(f, event) !== to)
      throw new Error(`anchor-transitions: ${event} from ${f} does not lead to ${to}`);
  }
}

export interface ClaimedAnchor {
  id: string;
  signerAddress: string;
  chainId: number;
  network: string;
  registryAddress: string;
  merkleRoot: string;
  /** the batch's contexts (in leaf order when it has its own tree) */
  contextIds: string[];
}

/**
 * `claim`: the batch's row, queued, with its contexts and either its own tree below the root
 * (@ctxlog/core buildMerkleLevels) or the transparency log's tree size whose head the root is.
 */
export async function claimAnchorRow(
  sql: SqlRunner,
  anchor: ClaimedAnchor & ({ merkleTree: Buffer } | { treeSize: number }),
): Promise<void> {
  const row = {
    ...anchor,
    merkleRoot: bufferOfHex(anchor.merkleRoot),
    contextCount: anchor.contextIds.length,
    to: LEADS_TO.claim.to,
  };
  if ("treeSize" in anchor) await runQuery(claimTreeHeadAnchor, { ...row, treeSize: anchor.treeSize }, sql);
  else await runQuery(claimAnchor, { ...row, merkleTree: anchor.merkleTree }, sql);
}

/**
 * `send`: each anchor's latest signed transaction (hash and nonce) is stored on it, and a queued one
 * becomes sent. A replacement (same nonce) of an anchor already sent changes no status.
 */
export async function sendAnchorRows(
  sql: SqlRunner,
  txs: readonly { anchorId: string; hash: string; nonce: number }[],
): Promise<void> {
  if (txs.length === 0) return;
  await runQuery(
    sendAnchors,
    {
      ids: txs.map((t) => t.anchorId),
      hashes: txs.map((t) => bufferOfHex(t.hash)),
      nonces: txs.map((t) => t.nonce),
      ...LEADS_TO.send,
    },
    sql,
  );
}

export interface Requeue {
  error: string;
  /** how long before it is signed anew */
  delayMs: number;
  /** a failed send attempt (counts towards the give-up and starts its backoff), or not */
  countsAttempt: boolean;
}

/**
 * `requeue`: sent anchors none of whose transactions is live any more (all abandoned: the node
 * refused the first one, or their nonce was used elsewhere) go back to queued, without nonce or
 * transaction, to be signed anew after `delayMs`. The ids requeued.
 */
export async function requeueAnchorRows(
  sql: SqlRunner,
  ids: readonly string[],
  r: Requeue,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await runQuery(
    requeueAnchors,
    {
      ids: [...ids],
      error: r.error,
      delaySeconds: r.delayMs / 1000,
      countsAttempt: r.countsAttempt,
      ...LEADS_TO.requeue,
    },
    sql,
  );
  return rows.map((row) => row.id);
}

export interface MinedAt {
  anchorId: string;
  transactionHash: string;
  blockNumber: bigint;
  blockHash: string;
  blockTimestamp: Date;
  gasUsed: bigint;
  /** the receipt's effectiveGasPrice (wei per gas paid); null or absent when the node gave none */
  effectiveGasPrice?: bigint | null;
  reverted: boolean;
}

/** `mine`: a transaction of the anchor is in this block. False when it was not queued or sent. */
export async function mineAnchorRow(sql: SqlRunner, m: MinedAt): Promise<boolean> {
  const rows = await runQuery(
    mineAnchor,
    {
      ...m,
      transactionHash: bufferOfHex(m.transactionHash),
      blockHash: bufferOfHex(m.blockHash),
      blockNumber: m.blockNumber.toString(),
      gasUsed: m.gasUsed.toString(),
      effectiveGasPrice: m.effectiveGasPrice?.toString() ?? null,
      ...LEADS_TO.mine,
    },
    sql,
  );
  return rows.length > 0;
}

/** `unmine`: the anchor's block (`blockHash`) left the canonical chain. False when it was not mined there. */
export async function unmineAnchorRow(sql: SqlRunner, anchorId: string, blockHash: string): Promise<boolean> {
  const rows = await runQuery(
    unmineAnchor,
    { anchorId, blockHash: bufferOfHex(blockHash), ...LEADS_TO.unmine },
    sql,
  );
  return rows.length > 0;
}

/**
 * `confirm`: the anchor, mined in `blockHash` and not reverted, is deep enough; it keeps the depth
 * it was confirmed at. Null when it was not mined there (a second call: a no-op).
 */
export async function confirmAnchorRowAt(
  sql: SqlRunner,
  anchorId: string,
  blockHash: string,
  confirmations: number,
) {
  const [row] = await runQuery(
    confirmAnchorRow,
    { anchorId, blockHash: bufferOfHex(blockHash), confirmations, ...LEADS_TO.confirm },
    sql,
  );
  return row ?? null;
}

/** `fail`: the anchor, in flight, cannot succeed. False when it had already ended. */
export async function failAnchorRowOf(
  sql: SqlRunner,
  anchorId: string,
  failure: { reason: string; error: string },
): Promise<boolean> {
  const rows = await runQuery(failAnchorRow, { anchorId, ...failure, ...LEADS_TO.fail }, sql);
  return rows.length > 0;
}
