import type { StoredEvidence } from "@ctxlog/core";
import { type Db, type getContextWithAnchor, placeInFlight, readAnchoredCheckpoint } from "@ctxlog/db";

export type ContextWithAnchor = NonNullable<Awaited<ReturnType<typeof getContextWithAnchor>>>;

/**
 * What the checks hold a stored context to: its row, its proof and the anchor it is in, and, for
 * an anchor of the transparency log's tree head, the checkpoint the log signed at the anchored
 * size with its cosignatures and the recorded witness policy (read here: the checks do no I/O).
 */
export async function storedEvidence(db: Db, row: ContextWithAnchor): Promise<StoredEvidence> {
  const anchor = row.anchor;
  // a tree size past 2^53 is no log this service runs; Number keeps it exact below that
  const treeSize = anchor?.treeSize == null ? null : Number(anchor.treeSize);
  const [log, placed] =
    treeSize === null
      ? [null, null]
      : await Promise.all([
          readAnchoredCheckpoint(db, treeSize),
          // readers give a context's leaf and proof once it is confirmed; before (its tree head
          // mined, not yet deep enough) they are read as for any batch in flight
          row.leafIndex === null && anchor ? placeInFlight(db, new Map([[row.id, anchor.id]])) : null,
        ]);
  return {
    contextId: row.id,
    contextHash: row.contextHash,
    canonicalJson: row.canonicalJson,
    dataErasedAt: row.dataErasedAt,
    signature: row.signature,
    signatureScheme: row.signatureScheme === "EIP-712" ? "EIP-712" : "EIP-191",
    signerAddress: row.signerAddress,
    createdAt: row.createdAt,
    status: row.status,
    merkleProof: placed?.get(row.id)?.merkleProof ?? row.merkleProof,
    leafIndex: placed?.get(row.id)?.leafIndex ?? row.leafIndex,
    link:
      row.sequence === null || row.prevEntryHash === null || row.entryHash === null
        ? null
        : {
            userId: row.userId,
            agentId: row.agentId,
            sequence: row.sequence,
            prevEntryHash: row.prevEntryHash,
            entryHash: row.entryHash,
          },
    anchor: anchor && {
      merkleRoot: anchor.merkleRoot,
      chainId: anchor.chainId,
      registryAddress: anchor.registryAddress,
      blockNumber: anchor.blockNumber,
      blockHash: anchor.blockHash,
      treeSize,
    },
    log: log && {
      origin: log.origin,
      verifierKey: log.verifierKey,
      checkpoint: log.checkpoint,
      witnessPolicy: log.witnessPolicy,
    },
  };
}
