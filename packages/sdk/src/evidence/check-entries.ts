// entries.ndjson, line by line: each line an export line of the agent's log (a proof bundle), in
// sequence order with no gap, each linked to the one before, its content, receipt and Merkle proof
// genuine, and its anchor one proven in anchors.json. An entry of a tree-head anchor is a version 4
// bundle, its proof RFC 6962 inclusion in the anchored tree (tree-head.ts), its checkpoint
// cosigned as its log.witness_policy asks unless a policy was given (witnesses.ts); its receipt
// and content are version 3's.
import {
  type AuditEntry,
  contentProblem,
  entryShapeProblem,
  ProvenNodes,
  proofProblem,
  signatureProblem,
} from "../audit/entry-checks";
import { erasedAt } from "../erased-bundle";
import type { ProvenAnchors } from "./check-anchors";
import type { ErasureLedger } from "./erasure-ledger";
import { ndjsonRecordsOf } from "./ndjson-lines";
import { failAt, guarded } from "./pack-failure";
import type { ActivityDay, PackManifest } from "./pack-format";
import type { PackFileSource } from "./pack-source";
import type { SignerPeriods } from "./signers";
import {
  inclusionProblem,
  type TreeHeadEntry,
  treeHeadEntryShapeProblem,
  treeHeadReferenceProblem,
} from "./tree-head";
import type { RecordedWitnesses } from "./witnesses";

const FILE = "entries.ndjson";
const lower = (s: string) => s.toLowerCase();

export interface CheckedEntries {
  count: number;
  first: AuditEntry | null;
  last: AuditEntry | null;
  erasedSequences: number[];
  /** the transactions the entries are anchored in, lowercase */
  transactions: Set<string>;
  /** activity.json as the entries say it should be */
  days: ActivityDay[];
}

export interface EntryCheckContext {
  manifest: PackManifest;
  anchors: ProvenAnchors;
  signers: SignerPeriods;
  erasures: ErasureLedger;
  trustedSigners?: readonly string[];
  /** the entries' own witness policies; absent when the caller gave one (checked in anchors.json) */
  recordedWitnesses?: RecordedWitnesses;
}

/** Reads the file as a stream: what it keeps grows with the days, anchors and erasures, not the entries. */
export async function checkEntries(source: PackFileSource, ctx: EntryCheckContext): Promise<CheckedEntries> {
  const { manifest, anchors } = ctx;
  const proven = new ProvenNodes();
  const days = new Map<string, ActivityDay>();
  const erasedSequences: number[] = [];
  const transactions = new Set<string>();
  let first: AuditEntry | null = null;
  let previous: AuditEntry | null = null;
  let count = 0;

  for await (const { line, value } of ndjsonRecordsOf(FILE, source)) {
    const checked = await guarded({ file: FILE, line, check: "entry_shape" }, async () => {
      const fail = (check: Parameters<typeof failAt>[2], reason: string) => failAt(FILE, line, check, reason);
      const shape = shapeProblem(value);
      if (shape) fail("entry_shape", shape);
      const line4 = (value as { version: unknown }).version === 4;
      // a version 4 bundle holds version 3's fields, receipt and content alike
      const e = (line4 ? { ...(value as object), version: 3 } : value) as AuditEntry;
      if (e.status !== "confirmed")
        fail("entry_shape", `status is ${JSON.stringify(e.status)}: a pack holds confirmed entries only`);

      if (e.user_id !== manifest.user_id || e.context.agent_id !== manifest.agent_id)
        fail(
          "entry_scope",
          `entry of ${e.user_id}/${e.context.agent_id}, not the manifest's ${manifest.user_id}/${manifest.agent_id}`,
        );
      const expected = previous ? previous.sequence + 1 : (manifest.sequence_range?.first ?? 1);
      if (e.sequence !== expected)
        fail(
          "sequence",
          `sequence ${e.sequence} where ${expected} was due (an entry dropped, added or moved)`,
        );
      if (previous && lower(e.prev_entry_hash) !== lower(previous.entry_hash))
        fail(
          "chain_link",
          `prev_entry_hash ${e.prev_entry_hash} is not entry ${previous.sequence}'s entry_hash ${previous.entry_hash}`,
        );

      const content = contentProblem(e);
      if (content) fail("content", `entry ${e.sequence}: ${content}`);
      const signature = await signatureProblem(e, ctx.trustedSigners);
      if (signature) fail("receipt", `entry ${e.sequence}: ${signature}`);
      const period = ctx.signers.attestationProblem(e.signer_address, e.received_at);
      if (period) fail("receipt_signer", `entry ${e.sequence}: ${period}`);
      const proof = line4 ? inclusionProblem(e as TreeHeadEntry) : proofProblem(e, proven);
      if (proof) fail("merkle_proof", `entry ${e.sequence}: ${proof}`);

      const anchor =
        typeof e.transaction_hash === "string"
          ? anchors.byTransaction.get(lower(e.transaction_hash))
          : undefined;
      if (!anchor)
        fail(
          "anchor_reference",
          `entry ${e.sequence}'s transaction ${String(e.transaction_hash)} is not in anchors.json`,
        );
      const a = anchor as NonNullable<typeof anchor>;
      if (e.chain_id !== anchors.chain_id || lower(e.registry_address) !== anchors.registry_address)
        fail(
          "anchor_reference",
          `entry ${e.sequence} is on chain ${e.chain_id}, registry ${e.registry_address}, not anchors.json's`,
        );
      if (e.block_number !== a.block_number)
        fail(
          "anchor_reference",
          `entry ${e.sequence} says block ${e.block_number}, its transaction is in block ${a.block_number}`,
        );
      if (!a.roots.has(lower(e.merkle_root)))
        fail(
          "anchor_reference",
          `entry ${e.sequence}'s merkle_root ${e.merkle_root} was not anchored by ${a.transaction_hash}`,
        );
      if (line4 !== (a.tree_head !== null))
        fail(
          "anchor_reference",
          line4
            ? `entry ${e.sequence} is of the log's tree head (version 4), its transaction ${a.transaction_hash} anchored no tree head`
            : `entry ${e.sequence} is of a batch's tree (version ${e.version}), its transaction ${a.transaction_hash} anchored the log's tree head`,
        );
      if (line4) {
        const head = treeHeadReferenceProblem(
          e as TreeHeadEntry,
          a.tree_head as NonNullable<typeof a.tree_head>,
        );
        if (head) fail("anchor_reference", head);
        const cosigned = ctx.recordedWitnesses?.problem(e as TreeHeadEntry);
        if (cosigned) fail("witness_cosignatures", `entry ${e.sequence}: ${cosigned}`);
      }
      transactions.add(a.transaction_hash);

      const erased = erasedAt(e) !== null;
      ctx.erasures.entry(e, erased, line);
      if (erased) erasedSequences.push(e.sequence);
      if (e.received_at !== undefined) addToDay(days, e.received_at, erased);
      return e;
    });
    first ??= checked;
    previous = checked;
    count++;
  }
  // The range is a run of sequences: from the first entry received at or after `from` to the last
  // received before `to` (completeness.json's neighbours show none was left out at either end).
  // Receipt times follow sequence order only up to the API processes' clock skew, so the entries
  // between are not held to the range one by one.
  const { from, to } = manifest.range;
  if (first && !(first.received_at !== undefined && Date.parse(first.received_at) >= Date.parse(from)))
    failAt(
      FILE,
      1,
      "entry_scope",
      `the first entry was received at ${first.received_at ?? "an unknown time (no receipt)"}, not at or after the range's from ${from}`,
    );
  if (previous && !(previous.received_at !== undefined && Date.parse(previous.received_at) < Date.parse(to)))
    failAt(
      FILE,
      count,
      "entry_scope",
      `the last entry was received at ${previous.received_at ?? "an unknown time (no receipt)"}, not before the range's to ${to}`,
    );
  return {
    count,
    first,
    last: previous,
    erasedSequences,
    transactions,
    days: [...days.values()],
  };
}

const AUDIT_VERSIONS = /, not 2 or 3 \(an entry of an agent log\)$/;

/** Why a line is no entry of a pack: the audit's shape of an export line, or version 4's. */
function shapeProblem(value: unknown): string | null {
  const object = typeof value === "object" && value !== null && !Array.isArray(value);
  if (object && (value as { version: unknown }).version === 4) {
    const line = value as Record<string, unknown>;
    return entryShapeProblem({ ...line, version: 3 }) ?? treeHeadEntryShapeProblem(line);
  }
  // the audit reads exports of versions 2 and 3; a pack holds version 4 too
  return (
    entryShapeProblem(value)?.replace(AUDIT_VERSIONS, ", not 2, 3 or 4 (an entry of an agent log)") ?? null
  );
}

function addToDay(days: Map<string, ActivityDay>, receivedAt: string, erased: boolean) {
  const date = receivedAt.slice(0, 10);
  const day = days.get(date);
  if (!day) {
    days.set(date, {
      date,
      entries: 1,
      erased: erased ? 1 : 0,
      first_received_at: receivedAt,
      last_received_at: receivedAt,
    });
    return;
  }
  day.entries++;
  if (erased) day.erased++;
  // entries come in sequence order, which is received order within a log
  day.last_received_at = receivedAt;
}
