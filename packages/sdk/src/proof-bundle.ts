import { BYTES32 } from "./merkle";
import type { LaterBundleField, ProofBundle } from "./types";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// 65-byte r‖s‖v as the service emits, or the 64-byte EIP-2098 compact form viem also recovers.
const SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

/** A field's rule; `bundle` for the rules that depend on the bundle's version. */
type Rule = (value: unknown, bundle: Record<string, unknown>) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str: Rule = (v) => (typeof v === "string" && v.length > 0 ? undefined : "must be a non-empty string");
const literal =
  (expected: string): Rule =>
  (v) =>
    v === expected
      ? undefined
      : `must be "${expected}" (this verifier knows no other), got ${JSON.stringify(v)}`;
const matches =
  (pattern: RegExp, what: string): Rule =>
  (v) =>
    typeof v === "string" && pattern.test(v) ? undefined : `must be ${what}`;
const integer =
  (min: number): Rule =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= min ? undefined : `must be an integer ≥ ${min}`;

const contextRule: Rule = (v) => {
  if (!isObject(v)) return "must be an object {agent_id, context_data, metadata}";
  if (typeof v.agent_id !== "string") return "agent_id must be a string";
  // null: erased (with canonical_context null); the data checks are then unavailable
  if (v.context_data !== null && !isObject(v.context_data)) return "context_data must be an object or null";
  if (v.metadata !== undefined && v.metadata !== null && !isObject(v.metadata)) {
    return "metadata must be an object";
  }
  return undefined;
};

/**
 * The fields every bundle has (a version 2 bundle's chain fields are checked where they are used;
 * an erased context's data_erased_at and data_erasure_reason say what happened, and prove nothing).
 */
export type CoreField = Exclude<
  keyof ProofBundle,
  LaterBundleField | "data_erased_at" | "data_erasure_reason"
>;

/** One rule per field of the bundle: the runtime twin of the `ProofBundle` type. */
const RULES: Record<CoreField, Rule> = {
  context_id: str,
  context: contextRule,
  canonical_context: (v) =>
    typeof v === "string" || v === null ? undefined : "must be a string (null once erased)",
  canonicalization: literal("RFC8785"),
  hash_algorithm: literal("keccak256"),
  context_hash: matches(BYTES32, "32-byte 0x-hex"),
  signature: matches(SIGNATURE, "a 65-byte 0x-hex signature"),
  signature_scheme: (v) =>
    v === "EIP-712" || v === "EIP-191"
      ? undefined
      : `must be "EIP-712" or "EIP-191" (this verifier knows no other), got ${JSON.stringify(v)}`,
  signer_address: matches(ADDRESS, "a 20-byte 0x-hex address"),
  // version 4: the context's leaf in the transparency log (RFC 6962), not a batch's tree
  merkle_algorithm: (v, b) => literal(b.version === 4 ? "RFC6962-SHA256" : "sorted-pair-keccak256")(v, b),
  leaf_index: integer(0),
  merkle_proof: (v) =>
    Array.isArray(v) && v.every((p) => typeof p === "string" && BYTES32.test(p))
      ? undefined
      : "must be an array of 32-byte 0x-hex strings",
  merkle_root: matches(BYTES32, "32-byte 0x-hex"),
  chain_id: integer(1),
  network: str,
  registry_address: matches(ADDRESS, "a 20-byte 0x-hex address"),
  transaction_hash: matches(BYTES32, "32-byte 0x-hex"),
  block_number: integer(0),
  required_confirmations: integer(1),
};

export const PROOF_BUNDLE_FIELDS = Object.keys(RULES) as CoreField[];

/** Problems with the named fields of an untrusted bundle, as "field: problem" strings. */
export function fieldProblems(bundle: unknown, fields: readonly CoreField[]): string[] {
  if (!isObject(bundle)) return ["the proof bundle is not a JSON object"];
  const problems: string[] = [];
  for (const field of fields) {
    const problem = bundle[field] === undefined ? "is missing" : RULES[field](bundle[field], bundle);
    if (problem) problems.push(`${field} ${problem}`);
  }
  return problems;
}

const treeSize = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1;

/**
 * What is wrong with a version 4 bundle's `log` (empty when well-formed): the fields its checks
 * read. Its `witness_policy` is read by witness_cosignatures alone, and only when the caller gives
 * no policy, so it is checked there.
 */
export function logProblems(bundle: Record<string, unknown>): string[] {
  const log = bundle.log;
  if (!isObject(log)) return ["log is missing (a version 4 bundle carries the log's checkpoint and proofs)"];
  const problems: string[] = [];
  for (const name of ["origin", "verifier_key", "checkpoint"]) {
    if (typeof log[name] !== "string" || log[name] === "")
      problems.push(`log.${name} must be a non-empty string`);
  }
  for (const name of ["tree_size", "anchored_tree_size"]) {
    if (!treeSize(log[name])) problems.push(`log.${name} must be an integer from 1 to 2^53 − 1`);
  }
  const proof = log.consistency_proof;
  if (!Array.isArray(proof) || !proof.every((h) => typeof h === "string" && BYTES32.test(h))) {
    problems.push("log.consistency_proof must be an array of 32-byte 0x-hex strings");
  }
  return problems;
}

export type ProofBundleCheck = { ok: true; bundle: ProofBundle } | { ok: false; problems: string[] };

/**
 * Runtime shape check of a proof bundle (for instance a parsed file). It checks types and
 * formats only; whether the bundle is *true* is what `verifyContext` answers. A version 4 bundle
 * needs its `log` too.
 */
export function checkProofBundle(value: unknown): ProofBundleCheck {
  const problems = fieldProblems(value, PROOF_BUNDLE_FIELDS);
  if (isObject(value) && value.version === 4) problems.push(...logProblems(value));
  return problems.length === 0 ? { ok: true, bundle: value as ProofBundle } : { ok: false, problems };
}

export function isProofBundle(value: unknown): value is ProofBundle {
  return checkProofBundle(value).ok;
}
