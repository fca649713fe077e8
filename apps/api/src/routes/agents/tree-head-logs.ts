import type { AgentEntry } from "@ctxlog/db";
import type { TransparencyLogProof } from "../contexts/proof-schema";

/** How many tree sizes are kept: entries come in sequence order, so their anchors' sizes are a few at a time. */
const KEPT = 16;

/**
 * The `log` (bundle version 4) of each tree-head anchor an export or an evidence pack streams by,
 * read once per anchored tree size rather than once per line: every entry of one tree head shares
 * its checkpoint. Only the last few sizes are kept, so memory stays bounded whatever the range.
 */
export class TreeHeadLogs {
  private readonly bySize = new Map<number, Promise<TransparencyLogProof>>();

  constructor(private readonly read: (treeSize: number) => Promise<TransparencyLogProof>) {}

  /** The entry's anchor's log when that anchor is a mined tree head, else undefined (versions 1–3). */
  async of(entry: AgentEntry): Promise<TransparencyLogProof | undefined> {
    const anchor = entry.anchor;
    const mined = anchor && anchor.transactionHash !== null && anchor.blockNumber !== null;
    if (!mined || anchor.treeSize === null || entry.leafIndex === null) return undefined;
    const size = Number(anchor.treeSize);
    let log = this.bySize.get(size);
    if (!log) {
      if (this.bySize.size >= KEPT) this.bySize.delete(this.bySize.keys().next().value as number);
      log = this.read(size);
      log.catch(() => this.bySize.delete(size)); // a failed read is not kept (the caller sees it)
      this.bySize.set(size, log);
    }
    return log;
  }
}
