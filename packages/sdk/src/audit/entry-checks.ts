// The checks of one log entry that need nothing but the entry: its shape, hashes and signature.
import { type Hex, keccak256, stringToBytes } from "viem";
import { canonicalize } from "../canonical";
import { computeEntryHash } from "../chain-entry";
import { processMerkleProof } from "../merkle";
import { fieldProblems } from "../proof-bundle";
import type { ProofBundle } from "../types";
import { recoverRawMessageSigner } from "./fast-recover";

/** An export line: a version 2 proof bundle, anchor fields null while unanchored, and its status. */
export type AuditEntry = ProofBundle & {
  version: 2;
  user_id: string;
  sequence: number;
  prev_entry_hash: Hex;
  entry_hash: Hex;
  status: "pending" | "confirmed" | "failed";
};

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const lower = (s: string) => s.toLowerCase();

/** Why a line cannot be an entry of a log, or null. */
export function entryShapeProblem(line: unknown): string | null {
  const problems = fieldProblems(line, [
    "context_id",
    "context",
    "canonical_context",
    "context_hash",
    "signature",
    "signer_address",
  ]);
  if (problems.length > 0) return problems.join("; ");
  const e = line as Partial<AuditEntry>;
  if (e.version !== 2) return `version is ${JSON.stringify(e.version)}, not 2 (an entry of an agent log)`;
  if (typeof e.user_id !== "string") return "user_id must be a string";
  if (!Number.isSafeInteger(e.sequence) || (e.sequence as number) < 1)
    return "sequence must be an integer ≥ 1";
  if (!HASH32.test(String(e.prev_entry_hash))) return "prev_entry_hash must be 32-byte 0x-hex";
  if (!HASH32.test(String(e.entry_hash))) return "entry_hash must be 32-byte 0x-hex";
  return null;
}

/** Whether the entry's content is what its hashes say: canonical form, context_hash, entry_hash. */
export function contentProblem(e: AuditEntry): string | null {
  let canonical: string;
  try {
    canonical = canonicalize({
      agent_id: e.context.agent_id,
      context_data: e.context.context_data,
      metadata: e.context.metadata ?? {},
    });
  } catch (error) {
    return `its context cannot be canonicalized: ${(error as Error).message}`;
  }
  if (canonical !== e.canonical_context) return "its context is not its canonical_context";
  const contextHash = keccak256(stringToBytes(canonical));
  if (contextHash !== lower(e.context_hash))
    return `its content hashes to ${contextHash}, not ${e.context_hash}`;
  const entryHash = computeEntryHash({ ...e, agent_id: e.context.agent_id });
  if (entryHash !== lower(e.entry_hash))
    return `its fields hash to ${entryHash}, not its entry_hash ${e.entry_hash}`;
  return null;
}

/** Whether the EIP-191 signature over context_hash is by signer_address (and a trusted key). */
export async function signatureProblem(e: AuditEntry, trusted?: readonly string[]): Promise<string | null> {
  let recovered: string;
  try {
    recovered = await recoverRawMessageSigner(e.context_hash, e.signature);
  } catch (error) {
    return `its signature does not recover: ${(error as Error).message.split("\n")[0]}`;
  }
  if (lower(recovered) !== lower(e.signer_address))
    return `its signature recovers ${recovered}, not ${e.signer_address}`;
  if (trusted && !trusted.some((t) => lower(t) === lower(recovered))) {
    return `its signer ${recovered} is not a trusted attestation key`;
  }
  return null;
}

/**
 * Whether the Merkle proof folds entry_hash into merkle_root. Entries of one batch share the upper
 * part of their paths: `proven` holds nodes already folded into a root, so each is hashed once.
 */
export function proofProblem(e: AuditEntry, proven?: Map<string, string>): string | null {
  if (
    !Array.isArray(e.merkle_proof) ||
    !e.merkle_proof.every((p) => HASH32.test(p)) ||
    !HASH32.test(String(e.merkle_root))
  ) {
    return "its Merkle proof or root is malformed";
  }
  const root = lower(e.merkle_root);
  let node = lower(e.entry_hash) as Hex;
  const path: string[] = [];
  for (const sibling of e.merkle_proof) {
    if (proven?.get(node) === root) break;
    path.push(node);
    node = processMerkleProof(node, [sibling]);
  }
  if (node !== root && proven?.get(node) !== root)
    return `its Merkle proof reaches ${node}, not merkle_root ${e.merkle_root}`;
  if (proven) {
    if (proven.size > 100_000) proven.clear();
    for (const n of path) proven.set(n, root);
  }
  return null;
}
