import { BYTES32 } from "./merkle";
import type { LaterBundleField, ProofBundle } from "./types";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// 65-byte r‖s‖v as the service emits, or the 64-byte EIP-2098 compact form viem also recovers.
const SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

type Rule = (value: unknown) => string | undefined;

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
  merkle_algorithm: literal("sorted-pair-keccak256"),
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
    const problem = bundle[field] === undefined ? "is missing" : RULES[field](bundle[field]);
    if (problem) problems.push(`${field} ${problem}`);
  }
  return problems;
}

export type ProofBundleCheck = { ok: true; bundle: ProofBundle } | { ok: false; problems: string[] };

/**
 * Runtime shape check of a proof bundle (for instance a parsed file). It checks types and
 * formats only; whether the bundle is *true* is what `verifyContext` answers.
 */
export function checkProofBundle(value: unknown): ProofBundleCheck {
  const problems = fieldProblems(value, PROOF_BUNDLE_FIELDS);
  return problems.length === 0 ? { ok: true, bundle: value as ProofBundle } : { ok: false, problems };
}

export function isProofBundle(value: unknown): value is ProofBundle {
  return checkProofBundle(value).ok;
}
