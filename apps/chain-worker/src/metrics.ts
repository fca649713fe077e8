import { createMetricsRegistry, createQueueGauges } from "@ctxlog/runtime";
import { Counter, Gauge, Histogram } from "prom-client";

export function createChainMetrics() {
  const registry = createMetricsRegistry();
  return {
    registry,
    batches: new Counter({
      name: "chain_batches_total",
      help: "Batches (Merkle trees) created",
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: "chain_batch_contexts",
      help: "Contexts per batch",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024],
      registers: [registry],
    }),
    transactions: new Counter({
      name: "chain_transactions_broadcast_total",
      help: "Anchor transactions accepted by the node, by kind",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    refused: new Counter({
      name: "chain_transactions_refused_total",
      help: "Anchor transactions the node refused or did not answer for, by cause",
      labelNames: ["cause"] as const,
      registers: [registry],
    }),
    confirmed: new Counter({
      name: "chain_contexts_confirmed_total",
      help: "Contexts confirmed",
      registers: [registry],
    }),
    failed: new Counter({
      name: "chain_contexts_failed_total",
      help: "Contexts failed, by failure_reason",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    reorgs: new Counter({
      name: "chain_reorged_anchors_total",
      help: "Mined anchors whose block left the canonical chain before the required depth",
      registers: [registry],
    }),
    receiptLookupErrors: new Counter({
      name: "chain_receipt_lookup_errors_total",
      help: "Receipt lookups of stuck anchors that failed (not a 'no receipt' answer); retried later",
      registers: [registry],
    }),
    nonceCorrections: new Counter({
      name: "chain_nonce_corrections_total",
      help: "Times the anchor key's nonce was corrected from the chain: gap (chain below the worker) or adopted (above)",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    anchoringStalled: new Gauge({
      name: "chain_anchoring_stalled",
      help: "1 while contexts are pending past max(60 s, 10 × the expected confirmation time)",
      registers: [registry],
    }),
    anchoringBehind: new Gauge({
      name: "chain_anchoring_behind_seconds",
      help: "Age of the oldest pending context as the stall check last saw it (0: none pending)",
      registers: [registry],
    }),
    head: new Gauge({ name: "chain_head_block", help: "Latest block seen", registers: [registry] }),
    leaseHeld: new Gauge({
      name: "chain_signer_lease_held",
      help: "1 while this process holds the signer's lease (and is the one sending)",
      registers: [registry],
    }),
    // Refreshed every METRICS_REFRESH_MS (ops-gauges.ts) for the operator's alerts.
    signerBalance: new Gauge({
      name: "chain_signer_balance_ether",
      help: "Native-token balance of the signer that pays for anchors, in ether (1e18 wei)",
      registers: [registry],
    }),
    oldestPendingContextAge: new Gauge({
      name: "chain_oldest_pending_context_age_seconds",
      help: "Age of the oldest pending context in PostgreSQL (0: none pending)",
      registers: [registry],
    }),
    oldestUnconfirmedAnchorAge: new Gauge({
      name: "chain_oldest_unconfirmed_anchor_age_seconds",
      help: "Age of the oldest anchor (batch) not yet confirmed or failed (0: none)",
      registers: [registry],
    }),
    reconciled: new Counter({
      name: "chain_reconciled_contexts_total",
      help: "Pending contexts in no batch that the reconciler re-enqueued (a lost or flushed job, or a backlog)",
      registers: [registry],
    }),
    tlogSequenced: new Counter({
      name: "tlog_entries_sequenced_total",
      help: "Entries (chained contexts' entry hashes) this process appended to the transparency log",
      registers: [registry],
    }),
    tlogTreeSize: new Gauge({
      name: "tlog_tree_size",
      help: "Leaves in the transparency log at the latest checkpoint this process signed or saw",
      registers: [registry],
    }),
    tlogWitnessFailures: new Counter({
      name: "tlog_witness_failures_total",
      help: "Checkpoints a witness did not cosign: unreachable, a timeout, a refusal, or a cosignature that does not verify",
      labelNames: ["witness"] as const,
      registers: [registry],
    }),
    tlogCosignatures: new Counter({
      name: "tlog_cosignatures_total",
      help: "Witnesses' cosignatures of the log's checkpoints verified and stored by this process",
      labelNames: ["witness"] as const,
      registers: [registry],
    }),
    queue: createQueueGauges(registry),
  };
}

export type ChainMetrics = ReturnType<typeof createChainMetrics>;
