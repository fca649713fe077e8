// `auditAgent`: proves an agent's log complete and anchored, from its export and an RPC endpoint.
import { type ContextReceipt, verifyReceipt, ZERO_ENTRY_HASH } from "../chain-entry";
import { erasedAt } from "../erased-bundle";
import { anchoringBreak } from "./anchoring";
import { type AuditBreak, type AuditBreakKind, erasedNote, label, receiptDifference } from "./breaks";
import { ChainReader } from "./chain-reader";
import { type AuditCheck, EntriesInLog, type TreeHeadEntry } from "./entries-in-log";
import {
  type AuditEntry,
  contentProblem,
  entryShapeProblem,
  ProvenNodes,
  proofProblem,
  signatureProblem,
} from "./entry-checks";

export type { AuditBreak, AuditBreakKind } from "./breaks";
export type { AuditCheck } from "./entries-in-log";

export interface AuditAgentOptions {
  /** Any JSON-RPC endpoint of the log's chain. */
  rpcUrl: string;
  /** Overrides each entry's required_confirmations. */
  requiredConfirmations?: number;
  /** The first sequence expected (default 1). */
  fromSequence?: number;
  /** The last sequence expected: a log that stops before it has a gap. */
  toSequence?: number;
  /** The agent's own receipts: each must match the entry at its sequence. */
  receipts?: Iterable<ContextReceipt> | AsyncIterable<ContextReceipt>;
  /** Attestation keys you trust (GET /v1/signers, kind attestation); default: each entry's signer. */
  trustedSigners?: readonly string[];
  /** Anchor keys you trust (GET /v1/signers, kind anchor); default: each entry's anchor_address. */
  trustedSubmitters?: readonly string[];
  /** Per RPC call and log request; default 10 s. */
  timeoutMs?: number;
  /**
   * The transparency log's base URL (`<api>/v1/tlog`): entries anchored by its tree head are
   * checked in its current checkpoint (entries_in_log). Without it that check does not run.
   */
  logUrl?: string;
  /** The log's verifier key to trust (GET /v1/tlog/key); default: the entries' `log.verifier_key`. */
  logKey?: string;
  /** Headers for the log's requests (a read key, when the log is served with TLOG_PUBLIC=false). */
  logHeaders?: Record<string, string>;
}

export interface AuditAgentResult {
  /**
   * True only for a complete log, every entry anchored at the required depth, every receipt
   * matched, and no check failed.
   */
  complete: boolean;
  agent_id: string | null;
  entries: number;
  first_sequence: number | null;
  last_sequence: number | null;
  first_break: AuditBreak | null;
  /**
   * Entries whose data was erased (ascending): audited from their hashes like any other — the
   * chain of entry hashes never needed the data — only their content could not be held to it.
   */
  erased_sequences: number[];
  /**
   * The audit's checks beside the chain's: entries_in_log (passed, failed, or not_run when no
   * entry is anchored by the log's tree head, or no log URL was given).
   */
  checks: AuditCheck[];
  /** one line, e.g. "COMPLETE: agent planner-7, entries 1..500, all anchored" */
  summary: string;
  elapsed_ms: number;
}

const lower = (s: string) => s.toLowerCase();

/**
 * Audits one agent's log: `entries` are the lines of GET /v1/agents/:agent_id/export (parsed
 * objects or JSON text), in sequence order, streamed — memory holds one entry, the receipts given
 * and the chain lookups (each receipt and block read once). Checks, entry by entry: continuity
 * (gap), the prev link (fork), canonical form, context hash and entry hash (altered), the
 * signature, then the Merkle proof against an Anchored log sent by the anchor key, on a canonical
 * block at the required depth; and each receipt against its entry. Stops at the first break.
 * Entries anchored by the transparency log's tree head (version 4) are also checked in the log's
 * current checkpoint (entries_in_log, with `logUrl`). Only an unreachable RPC endpoint
 * (RpcUnreachableError) or log (LogUnreadableError) throws.
 */
export async function auditAgent(
  entries: Iterable<unknown> | AsyncIterable<unknown>,
  options: AuditAgentOptions,
): Promise<AuditAgentResult> {
  const started = Date.now();
  const chain = new ChainReader(options.rpcUrl, options.timeoutMs);
  const receipts = new Map<number, ContextReceipt>();
  for await (const receipt of options.receipts ?? []) receipts.set(receipt.sequence, receipt);

  let agentId: string | null = null;
  let count = 0;
  let first: number | null = null;
  let previous: { sequence: number; entryHash: string } | null = null;
  const expectedFirst = options.fromSequence ?? 1;
  const erased: number[] = [];
  const inLog = new EntriesInLog({
    url: options.logUrl,
    verifierKey: options.logKey,
    headers: options.logHeaders,
    timeoutMs: options.timeoutMs,
  });

  const finish = (brk: AuditBreak | null): AuditAgentResult => {
    const range = first === null ? "no entries" : `entries ${first}..${previous?.sequence ?? first}`;
    const logCheck = inLog.result();
    const failed = logCheck.status === "failed";
    const anchoredNote = `every entry anchored and confirmed${erasedNote(erased)}`;
    // a v1–v3 log says what it always said; a log with tree-head entries says how the log check went
    const logNote =
      inLog.treeHeadEntries === 0
        ? ""
        : `; ${logCheck.name} ${logCheck.status.replace("_", " ")}: ${logCheck.reason}`;
    const summary = brk
      ? `INCOMPLETE: agent ${agentId ?? "?"}, ${range} read: ${brk.message}`
      : `${failed ? "INCOMPLETE" : "COMPLETE"}: agent ${agentId ?? "?"}, ${range}, ${anchoredNote}${logNote}`;
    return {
      complete: brk === null && !failed,
      agent_id: agentId,
      entries: count,
      first_sequence: first,
      last_sequence: previous?.sequence ?? null,
      first_break: brk,
      erased_sequences: erased,
      checks: [logCheck],
      summary,
      elapsed_ms: Date.now() - started,
    };
  };
  const brk = (kind: AuditBreakKind, sequence: number, what: string) =>
    finish({ kind, sequence, message: `${label(kind, sequence)}: ${what}` });

  // anchors (transaction, root and the entry fields checked against them) proven on the chain
  const anchored = new Set<string>();
  // nodes of Merkle paths already folded into their root (shared by the entries of one batch)
  const proven = new ProvenNodes();
  for await (const line of entries) {
    let value: unknown = line;
    if (typeof line === "string") {
      if (line.trim() === "") continue;
      try {
        value = JSON.parse(line);
      } catch {
        return brk("malformed", (previous?.sequence ?? expectedFirst - 1) + 1, "a line is not JSON");
      }
    }
    const expected = previous ? previous.sequence + 1 : expectedFirst;
    const shape = entryShapeProblem(value);
    if (shape) return brk("malformed", expected, shape);
    const e = value as AuditEntry;
    if (agentId === null) agentId = e.context.agent_id;
    if (e.context.agent_id !== agentId)
      return brk("fork", e.sequence, `it belongs to agent ${e.context.agent_id}`);
    if (options.toSequence !== undefined && e.sequence > options.toSequence) break;

    // continuity and the prev link
    if (e.sequence > expected) {
      const held = receipts.get(expected);
      return held
        ? brk(
            "receipt_missing",
            expected,
            `ctxlog's receipt places an entry here, the log has none (next is ${e.sequence})`,
          )
        : brk("gap", expected, `the entry after ${expected - 1} is ${e.sequence}`);
    }
    if (e.sequence < expected)
      return brk("fork", e.sequence, `a second entry ${e.sequence} after entry ${expected - 1}`);
    const prevHash = previous ? previous.entryHash : e.sequence === 1 ? ZERO_ENTRY_HASH : null;
    if (prevHash !== null && lower(e.prev_entry_hash) !== lower(prevHash)) {
      return brk(
        "fork",
        e.sequence,
        `its prev_entry_hash ${e.prev_entry_hash} is not entry ${e.sequence - 1}'s ${prevHash}`,
      );
    }

    const altered = contentProblem(e);
    if (altered) return brk("altered", e.sequence, altered);
    const badSignature = await signatureProblem(e, options.trustedSigners);
    if (badSignature) return brk("bad_signature", e.sequence, badSignature);

    const receipt = receipts.get(e.sequence);
    if (receipt) {
      const differs = receiptDifference(receipt, e);
      if (differs) return brk("receipt_mismatch", e.sequence, differs);
      const forged = await verifyReceipt(receipt, options.trustedSigners);
      if (forged) return brk("bad_receipt_signature", e.sequence, forged);
      receipts.delete(e.sequence); // matched: what is left in range at the end is missing
    }

    // the chain: the Merkle proof is each entry's own; the anchor is its batch's, checked once
    if (!e.transaction_hash || !e.merkle_root) {
      return brk("unanchored", e.sequence, `its status is ${e.status}, in no mined anchor`);
    }
    const proof = proofProblem(e, proven);
    if (proof) return brk("altered", e.sequence, proof);
    const anchor = `${e.transaction_hash}|${e.merkle_root}|${e.registry_address}|${e.anchor_address}|${e.required_confirmations}`;
    if (!anchored.has(anchor)) {
      const anchoring = await anchoringBreak(e, e.transaction_hash, e.merkle_root, chain, options);
      if (anchoring) return brk(anchoring.kind, e.sequence, anchoring.what);
      if (anchored.size >= 1_000) anchored.clear();
      anchored.add(anchor);
    }
    // the chain holds its tree head: the log must still hold the entry at its index
    if (e.version === 4) await inLog.add(e as TreeHeadEntry);

    if (erasedAt(e) !== null) erased.push(e.sequence);
    count++;
    first ??= e.sequence;
    previous = { sequence: e.sequence, entryHash: e.entry_hash };
  }

  const last = previous?.sequence ?? expectedFirst - 1;
  if (options.toSequence !== undefined && last < options.toSequence) {
    const held = receipts.get(last + 1);
    return held
      ? brk("receipt_missing", last + 1, "ctxlog's receipt places an entry here, the log ends before it")
      : brk("gap", last + 1, `the log ends at ${last}, before ${options.toSequence}`);
  }
  for (const sequence of [...receipts.keys()].sort((a, b) => a - b)) {
    const inRange =
      sequence >= expectedFirst && (options.toSequence === undefined || sequence <= options.toSequence);
    if (inRange) {
      return brk(
        "receipt_missing",
        sequence,
        `ctxlog's receipt places an entry here, the log ends at ${last}`,
      );
    }
  }
  return finish(null);
}
