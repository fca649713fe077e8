// The checks that need nothing but the bundle: canonical form, hash, signature, Merkle path, and
// on a version 4 bundle the transparency log's three (log-checks.ts).
import { describeScheme, recoverBundleSigner } from "./bundle-signature";
import { hashContext } from "./canonical";
import { computeEntryHash } from "./chain-entry";
import { DATA_CHECKS, erasedAt, unavailable } from "./erased-bundle";
import { RpcUnreachableError } from "./errors";
import { keccak256Utf8 } from "./keccak";
import { inclusionCheck, type LogTrust, logChecks } from "./log-checks";
import { processMerkleProof } from "./merkle";
import { type CoreField, fieldProblems } from "./proof-bundle";
import type { ProofBundle } from "./types";

export const CHECK_NAMES = [
  "canonical_context",
  "hash_matches",
  "signature_valid",
  "merkle_proof",
  "transaction",
  "anchored_log",
  "anchor_submitter",
  "block",
  "confirmations",
] as const;
/** A version 4 bundle's: the transparency log's three after merkle_proof (an RFC 6962 proof there). */
export const V4_CHECK_NAMES = [
  ...CHECK_NAMES.slice(0, 4),
  "checkpoint_signature",
  "witness_cosignatures",
  "log_consistency",
  ...CHECK_NAMES.slice(4),
] as const;
export type CheckName = (typeof CHECK_NAMES)[number] | (typeof V4_CHECK_NAMES)[number];

/** One named check; `reason` says why it failed (or, when it passed, what was established). */
export interface CheckResult {
  name: CheckName;
  ok: boolean;
  reason?: string;
  /** true: the check could not run and did not fail (the data of an erased bundle); `ok` is false */
  unavailable?: true;
}

export const pass = (name: CheckName, reason?: string): CheckResult =>
  reason === undefined ? { name, ok: true } : { name, ok: true, reason };
export const fail = (name: CheckName, reason: string): CheckResult => ({ name, ok: false, reason });

/**
 * Runs `body` only when the fields it reads are well-formed; otherwise the check fails naming them.
 * Whatever else goes wrong on hostile input (say, nesting deep enough to overflow the stack) is a
 * failed check too: only an unreachable RPC endpoint escapes as an exception.
 */
export async function withFields(
  name: CheckName,
  bundle: unknown,
  fields: readonly CoreField[],
  body: (b: ProofBundle) => CheckResult | Promise<CheckResult>,
): Promise<CheckResult> {
  const problems = fieldProblems(bundle, fields);
  if (problems.length > 0) return fail(name, problems.join("; "));
  try {
    return await body(bundle as ProofBundle);
  } catch (error) {
    if (error instanceof RpcUnreachableError) throw error;
    return fail(name, `could not be checked: ${shortMessage(error)}`);
  }
}

const lower = (hex: string) => hex.toLowerCase();

const isVersion4 = (bundle: unknown) =>
  typeof bundle === "object" && bundle !== null && (bundle as { version?: unknown }).version === 4;

/**
 * The offline checks, in V4_CHECK_NAMES' order on a version 4 bundle (CHECK_NAMES' otherwise):
 * `trust` is the log key and witness policy a version 4 bundle is held to.
 */
export async function offlineChecks(
  bundle: unknown,
  expectedSigners?: readonly string[],
  trust: LogTrust = {},
): Promise<CheckResult[]> {
  const checks: CheckResult[] = await Promise.all([
    withFields("canonical_context", bundle, ["context", "canonical_context", "canonicalization"], (b) => {
      // Only the three hashed fields: a `context` carrying extra keys must not change the preimage.
      const { canonical } = hashContext({
        agent_id: b.context.agent_id,
        context_data: b.context.context_data,
        metadata: b.context.metadata,
      });
      if (canonical === b.canonical_context)
        return pass("canonical_context", "RFC 8785 form of context matches");
      return fail(
        "canonical_context",
        `the RFC 8785 form of context differs from canonical_context at character ${firstDifference(canonical, b.canonical_context ?? "")}`,
      );
    }),
    withFields("hash_matches", bundle, ["canonical_context", "context_hash", "hash_algorithm"], (b) => {
      const computed = keccak256Utf8(b.canonical_context ?? "");
      return computed === lower(b.context_hash)
        ? pass("hash_matches", `keccak256(canonical_context) = ${computed}`)
        : fail(
            "hash_matches",
            `keccak256(canonical_context) is ${computed}, the bundle says ${b.context_hash}`,
          );
    }),
    withFields(
      "signature_valid",
      bundle,
      ["context_hash", "signature", "signer_address", "signature_scheme"],
      async (b) => {
        let recovered: string;
        try {
          recovered = await recoverBundleSigner(b);
        } catch (error) {
          return fail("signature_valid", `signature does not recover: ${shortMessage(error)}`);
        }
        if (lower(recovered) !== lower(b.signer_address)) {
          return fail(
            "signature_valid",
            `signature recovers ${recovered}, not signer_address ${b.signer_address}`,
          );
        }
        if (expectedSigners && !expectedSigners.some((s) => lower(s) === lower(recovered))) {
          return fail("signature_valid", `signer ${recovered} is not one of the expected signers`);
        }
        return pass("signature_valid", `${describeScheme(b)} by ${recovered}`);
      },
    ),
    withFields(
      "merkle_proof",
      bundle,
      ["context_hash", "merkle_proof", "merkle_root", "merkle_algorithm"],
      (b) => {
        // versions 2 to 4: the leaf is the entry hash, recomputed from the context's place in its log
        let leaf = b.context_hash;
        let leafName = "context_hash";
        if (b.version === 2 || b.version === 3 || b.version === 4) {
          if (
            typeof b.user_id !== "string" ||
            !Number.isSafeInteger(b.sequence) ||
            typeof b.prev_entry_hash !== "string" ||
            typeof b.entry_hash !== "string"
          ) {
            return fail(
              "merkle_proof",
              `a version ${b.version} bundle needs user_id, sequence, prev_entry_hash and entry_hash`,
            );
          }
          leaf = computeEntryHash({
            context_hash: b.context_hash,
            user_id: b.user_id,
            agent_id: b.context.agent_id,
            sequence: b.sequence as number,
            prev_entry_hash: b.prev_entry_hash,
          });
          if (leaf !== lower(b.entry_hash)) {
            return fail(
              "merkle_proof",
              `entry ${b.sequence} hashes to ${leaf}, not its entry_hash ${b.entry_hash}`,
            );
          }
          leafName = "entry_hash";
          // version 4: that entry hash is a leaf of the transparency log (RFC 6962), not of a batch
          if (b.version === 4) return inclusionCheck(b as unknown as Record<string, unknown>, leaf);
        }
        const root = processMerkleProof(leaf, b.merkle_proof);
        return root === lower(b.merkle_root)
          ? pass("merkle_proof", `${b.merkle_proof.length}-step proof from ${leafName} reaches merkle_root`)
          : fail(
              "merkle_proof",
              `the proof from ${leafName} reaches ${root}, not merkle_root ${b.merkle_root}`,
            );
      },
    ),
  ]);
  if (isVersion4(bundle)) checks.push(...logChecks(bundle, trust));
  // erased data: the two data checks cannot run (the rest still prove what was logged)
  const erased = erasedAt(bundle);
  return erased === null
    ? checks
    : checks.map((c) => (DATA_CHECKS.includes(c.name) ? unavailable(c.name, erased) : c));
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function shortMessage(error: unknown): string {
  if (
    error &&
    typeof error === "object" &&
    "shortMessage" in error &&
    typeof error.shortMessage === "string"
  ) {
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
