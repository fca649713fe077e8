import {
  type ContextBody,
  type ContextStatus,
  type ContextView,
  confirmationSeconds,
  decodeContextBody,
  decodeProof,
  type ErrorCode,
} from "@ctxlog/core";
import type { Anchor, Context as StoredContextRow } from "../generated/prisma/client";
import {
  type HexColumn,
  type WithAnchorHexColumns,
  type WithHexColumns,
  withHexColumns,
} from "../hex-columns";

/**
 * What a context shows of the chain: its anchor's, read through `anchor_id` rather than copied into
 * every row of the batch (each copy was a new version of the row and an entry in each of its
 * indexes, twice per context after its claim).
 */
export interface AnchoredFields {
  transactionHash: string | null;
  blockNumber: bigint | null;
  blockTimestamp: Date | null;
  confirmations: number;
  /** the batch's gas: its transaction anchors every context of the batch at once */
  gasUsed: bigint | null;
  /** wei per gas the batch's transaction paid (its receipt's effectiveGasPrice); null if not recorded */
  gasPriceWei: bigint | null;
  /** contexts in the batch, which share its gas */
  batchSize: number | null;
  confirmedAt: Date | null;
  confirmationTimeSeconds: number | null;
}

/**
 * What no column of the row says, read with it: its status (ctxlog_context_status, the one
 * definition: context-statuses.ts), its leaf in its batch (confirmed_contexts once confirmed) and
 * the proof its batch's tree holds for that leaf (ctxlog_merkle_proof over anchors.merkle_tree, the
 * one source of a proof: 32-byte nodes concatenated; null unless confirmed and read with proofs).
 */
export interface ContextPlacement {
  status: ContextStatus;
  leafIndex: number | null;
  /** its index in the transparency log (ctxlog_log_index), once the sequencer appended it; null before */
  logIndex: number | null;
  merkleProof: Uint8Array | null;
}

/** A stored row with its placement: what readers decode. */
export type PlacedContextRow = StoredContextRow & ContextPlacement;

/**
 * A contexts row as readers see it: its status and leaf, its data decoded from `canonical_data`
 * (context_data, metadata and the canonical JSON; null once erased), its proof (0x-hex nodes), and
 * its hashes and signature, stored as bytes, in 0x-hex.
 */
export type ContextRow = WithHexColumns<Omit<PlacedContextRow, "canonicalData" | "merkleProof">> &
  ContextBody & { merkleProof: string[] };

/** A context as every reader sees it: its row and what its anchor holds for it. */
export type Context = ContextRow & AnchoredFields;
export type { StoredContextRow };

/** A stored row as readers see it: `R` decoded (a row read from contexts, whole). */
export type DecodedContextRow<R> = WithHexColumns<Omit<R, "canonicalData" | "merkleProof">> &
  ContextBody & { merkleProof: string[] };

/** A stored row (or any row with the stored columns) as readers see it. */
export function decodeContextRow<
  R extends Pick<StoredContextRow, "canonicalData"> & { merkleProof?: Uint8Array | null } & Partial<
      Pick<StoredContextRow, HexColumn>
    >,
>(row: R): DecodedContextRow<R> {
  const { canonicalData, merkleProof, ...rest } = row;
  return {
    ...withHexColumns(rest),
    ...decodeContextBody(canonicalData),
    merkleProof: decodeProof(merkleProof ?? null),
  } as DecodedContextRow<R>;
}

/** The anchor's columns a context's record reads (a Prisma `select`). */
export const ANCHOR_FIELDS = {
  id: true,
  transactionHash: true,
  sentAt: true,
  blockNumber: true,
  blockTimestamp: true,
  gasUsed: true,
  effectiveGasPrice: true,
  contextCount: true,
  confirmations: true,
  confirmedAt: true,
} as const;

/** Those columns of an anchor, its transaction hash in 0x-hex (stored as bytes: hex-columns.ts). */
export type AnchorOfContext = WithAnchorHexColumns<Pick<Anchor, keyof typeof ANCHOR_FIELDS>>;

/**
 * What a reader leaves out of an anchor it includes (a Prisma `omit`): the batch's context ids, up
 * to BATCH_MAX of them, and its tree (64 bytes a context), which only the chain worker and the
 * proofs' SQL read, and its ref, which only the statements that join confirmed_contexts use (never
 * shown).
 */
export const ANCHOR_OMIT = { contextIds: true, merkleTree: true, ref: true } as const;

/** An anchor as readers see it: its hashes, stored as bytes, in 0x-hex. */
export type AnchorView = WithAnchorHexColumns<Omit<Anchor, "contextIds" | "merkleTree" | "ref">>;

/** A context in no batch, or in one not yet sent. */
export const UNANCHORED: Readonly<AnchoredFields> = Object.freeze({
  transactionHash: null,
  blockNumber: null,
  blockTimestamp: null,
  confirmations: 0,
  gasUsed: null,
  gasPriceWei: null,
  batchSize: null,
  confirmedAt: null,
  confirmationTimeSeconds: null,
});

/** Whole seconds from receipt to confirmation, as the overview's SQL rounds them too. */
export { confirmationSeconds };

/**
 * The chain fields of a context from its anchor: the transaction once the batch is out (announced:
 * `sent_at`), the block, gas, depth and confirmation time once the context is confirmed (a batch
 * mined but not yet deep enough, or one that failed, shows no block, as before).
 */
export function anchoredFields(
  row: Pick<ContextRow, "status" | "createdAt">,
  anchor: AnchorOfContext | null | undefined,
): AnchoredFields {
  if (!anchor) return UNANCHORED;
  const transactionHash = anchor.sentAt === null ? null : anchor.transactionHash;
  if (row.status !== "confirmed" || anchor.confirmedAt === null) {
    return transactionHash === null ? UNANCHORED : { ...UNANCHORED, transactionHash };
  }
  return {
    transactionHash,
    blockNumber: anchor.blockNumber,
    blockTimestamp: anchor.blockTimestamp,
    confirmations: anchor.confirmations ?? 0,
    gasUsed: anchor.gasUsed,
    // a Decimal(78, 0) column: whole wei, exact as a bigint
    gasPriceWei: anchor.effectiveGasPrice === null ? null : BigInt(anchor.effectiveGasPrice.toFixed()),
    batchSize: anchor.contextCount,
    confirmedAt: anchor.confirmedAt,
    confirmationTimeSeconds: confirmationSeconds(row.createdAt, anchor.confirmedAt),
  };
}

/**
 * A row read with its anchor (`include: { anchor: { select: ANCHOR_FIELDS } }`) as a record, its
 * data and proof decoded.
 */
export function toContext<R extends PlacedContextRow & { anchor?: AnchorOfContext | null }>(
  row: R,
): DecodedContextRow<Omit<R, "anchor">> & AnchoredFields {
  const { anchor, ...rest } = row;
  return { ...decodeContextRow(rest), ...anchoredFields(row, anchor) };
}

/** The event builders' view of a context row (core knows nothing of Prisma). */
export function toContextView(row: Context): ContextView {
  return {
    ...row,
    errorCode: row.errorCode as ErrorCode | null,
    errorDetails: row.errorDetails,
  };
}
