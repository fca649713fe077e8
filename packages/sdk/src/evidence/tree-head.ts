// Anchors of the transparency log's tree head (pack format 2, issue 43): the anchor record's
// `tree_head` (the checkpoint the log signed for the anchored size) and the version 4 entries it
// anchors (RFC 6962 inclusion at leaf_index in that tree). Unless the caller pins the log's key
// (log-key.ts), it is the pack's own word, as signers.json is: the pack proves the checkpoint
// consistent with it, not that it is ctxlog's.
import {
  leafHash,
  openCheckpoint,
  parseVerifierKey,
  SIGNATURE_TYPE,
  TlogError,
  verifyInclusion,
  type WitnessPolicy,
} from "@ctxlog/tlog";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import type { AuditEntry } from "../audit/entry-checks";
import { pinnedLogKeyProblem } from "./log-key";
import { failAt } from "./pack-failure";
import { cosignatureProblem } from "./witnesses";

const FILE = "anchors.json";
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const RFC6962 = "RFC6962-SHA256";

/** A tree head proven from its anchor record: signed by the record's log key, anchored with its size. */
export interface ProvenTreeHead {
  tree_size: number;
  /** the checkpoint's root, lowercase: the root the transaction anchored */
  root: string;
  origin: string;
  verifier_key: string;
  checkpoint: string;
}

/** An entry anchored by a tree head: a version 4 bundle, with its `log`. */
export type TreeHeadEntry = AuditEntry & {
  leaf_index: number;
  log: {
    origin: string;
    verifier_key: string;
    tree_size: number;
    checkpoint: string;
    anchored_tree_size: number;
    consistency_proof: string[];
  };
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isSize = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= MAX_SAFE;
const nonEmpty = (v: unknown) => typeof v === "string" && v.length > 0;
/** A TlogError's words without its details (each language words the details its own way). */
const words = (error: unknown) =>
  error instanceof TlogError
    ? error.shortMessage
    : error instanceof Error
      ? (error.message.split("\n")[0] ?? "")
      : String(error);

/** What a tree head is held to beyond the pack: the log keys (canonical) and witness policy the caller trusts. */
export interface TreeHeadTrust {
  logKeys?: readonly string[];
  witnessPolicy?: WitnessPolicy;
}

/**
 * The anchor record's `tree_head`, checked against the Anchored logs of its receipt: the
 * checkpoint is signed by `verifier_key`, one of the pinned log keys when given, for `origin` and
 * is of `tree_size` leaves (checkpoint_signature), the transaction anchored its root with
 * `tree_size` as the count (anchored_log), and, given a witness policy, the checkpoint carries the
 * cosignatures it asks for (witness_cosignatures).
 */
export function checkTreeHead(
  treeHead: unknown,
  at: string,
  tx: string,
  counts: Map<string, number>,
  trust: TreeHeadTrust = {},
): ProvenTreeHead {
  const { logKeys, witnessPolicy } = trust;
  const where = `${at}.tree_head`;
  if (
    !isObject(treeHead) ||
    !isSize(treeHead.tree_size) ||
    !nonEmpty(treeHead.origin) ||
    !nonEmpty(treeHead.verifier_key) ||
    !nonEmpty(treeHead.checkpoint)
  )
    failAt(FILE, null, "anchor_shape", "must be {tree_size, origin, verifier_key, checkpoint}", where);
  const th = treeHead as { tree_size: number; origin: string; verifier_key: string; checkpoint: string };
  let root: string;
  try {
    const key = parseVerifierKey(th.verifier_key);
    if (key.type !== SIGNATURE_TYPE.ed25519)
      throw new Error("verifier_key is not an Ed25519 note key (type 0x01)");
    const unpinned = logKeys && pinnedLogKeyProblem(key, th.verifier_key, logKeys);
    if (unpinned) throw new Error(unpinned);
    const opened = openCheckpoint(th.checkpoint, { origin: th.origin, key });
    if (opened.checkpoint.size !== th.tree_size)
      throw new Error(
        `the checkpoint is of ${opened.checkpoint.size} leaves, tree_size says ${th.tree_size}`,
      );
    root = bytesToHex(opened.checkpoint.rootHash);
  } catch (error) {
    return failAt(FILE, null, "checkpoint_signature", words(error), where);
  }
  const count = counts.get(root);
  if (count === undefined)
    failAt(
      FILE,
      null,
      "anchored_log",
      `no Anchored log of the checkpoint's root ${root} in the receipt of ${tx}`,
      where,
    );
  if (count !== th.tree_size)
    failAt(
      FILE,
      null,
      "anchored_log",
      `the Anchored log of root ${root} counts ${count} leaves, the tree head is of ${th.tree_size}`,
      where,
    );
  if (witnessPolicy) {
    const cosigned = cosignatureProblem(th, witnessPolicy, "the given policy");
    if (cosigned) failAt(FILE, null, "witness_cosignatures", cosigned, where);
  }
  return {
    tree_size: th.tree_size,
    root,
    origin: th.origin,
    verifier_key: th.verifier_key,
    checkpoint: th.checkpoint,
  };
}

/** Why a version 4 line is not one of a tree-head anchor (beyond version 3's fields), or null. */
export function treeHeadEntryShapeProblem(line: Record<string, unknown>): string | null {
  const problems: string[] = [];
  if (line.merkle_algorithm !== RFC6962)
    problems.push(`merkle_algorithm is ${JSON.stringify(line.merkle_algorithm)}, not "${RFC6962}"`);
  if (!Number.isSafeInteger(line.leaf_index) || (line.leaf_index as number) < 0)
    problems.push("leaf_index must be an integer ≥ 0");
  const log = line.log;
  if (!isObject(log)) {
    problems.push("log is missing (a version 4 bundle carries the log's checkpoint and proofs)");
    return problems.join("; ");
  }
  for (const name of ["origin", "verifier_key", "checkpoint"])
    if (!nonEmpty(log[name])) problems.push(`log.${name} must be a non-empty string`);
  for (const name of ["tree_size", "anchored_tree_size"])
    if (!isSize(log[name])) problems.push(`log.${name} must be an integer from 1 to 2^53 − 1`);
  const proof = log.consistency_proof;
  if (!Array.isArray(proof) || !proof.every((h) => typeof h === "string" && HASH32.test(h)))
    problems.push("log.consistency_proof must be an array of 32-byte 0x-hex strings");
  return problems.length > 0 ? problems.join("; ") : null;
}

/** merkle_proof of a version 4 entry: SHA-256(0x00 ‖ entry_hash) at leaf_index, under merkle_root, in the anchored tree. */
export function inclusionProblem(e: TreeHeadEntry): string | null {
  if (
    !Array.isArray(e.merkle_proof) ||
    !e.merkle_proof.every((p) => typeof p === "string" && HASH32.test(p)) ||
    !HASH32.test(String(e.merkle_root))
  )
    return "its Merkle proof or root is malformed";
  const size = e.log.anchored_tree_size;
  try {
    verifyInclusion(
      e.leaf_index,
      size,
      leafHash(hexToBytes(e.entry_hash)),
      e.merkle_proof.map((p) => hexToBytes(p as Hex)),
      hexToBytes(e.merkle_root as Hex),
    );
  } catch (error) {
    return `the RFC 6962 proof of entry_hash at leaf_index ${e.leaf_index} in the tree of ${size} leaves fails: ${words(error)}`;
  }
  return null;
}

/** Whether the entry's `log` is its anchor's tree head: the same log, key, checkpoint and size. */
export function treeHeadReferenceProblem(e: TreeHeadEntry, head: ProvenTreeHead): string | null {
  const log = e.log;
  if (
    log.origin !== head.origin ||
    log.verifier_key !== head.verifier_key ||
    log.checkpoint !== head.checkpoint ||
    log.tree_size !== head.tree_size ||
    log.anchored_tree_size !== head.tree_size ||
    log.consistency_proof.length !== 0
  )
    return `entry ${e.sequence}'s log is not its anchor's tree head of ${head.tree_size} leaves (origin, verifier_key, checkpoint, tree sizes, no consistency proof)`;
  if (e.merkle_root.toLowerCase() !== head.root)
    return `entry ${e.sequence}'s merkle_root ${e.merkle_root} is not its anchor's tree head root ${head.root}`;
  return null;
}
