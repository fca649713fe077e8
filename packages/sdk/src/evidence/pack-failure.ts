// How a pack fails: the first check that did not pass, with the file, the line (NDJSON files) or
// the place in a JSON file, so an auditor can look at exactly what broke.

/** The pack's checks, in the order they run (docs/evidence.md, "Checks"). */
export const PACK_CHECKS = [
  "files",
  "manifest",
  "manifest_signature",
  "file_hash",
  "json",
  "signers",
  "anchor_shape",
  "anchor_receipt",
  "anchored_log",
  "checkpoint_signature",
  "witness_cosignatures",
  "anchor_submitter",
  "receipts_root",
  "block_hash",
  "confirmations",
  "entry_shape",
  "entry_scope",
  "sequence",
  "chain_link",
  "content",
  "receipt",
  "receipt_signer",
  "merkle_proof",
  "anchor_reference",
  "erasure",
  "completeness",
  "activity",
  "counts",
  "canonical_block",
] as const;
export type PackCheck = (typeof PACK_CHECKS)[number];

export interface PackFailure {
  /** the pack's file, e.g. "entries.ndjson" (or the zip itself, "pack") */
  file: string;
  /** 1-based line of an NDJSON file; null for JSON files */
  line: number | null;
  /** where in a JSON file, e.g. "anchors[1].receipts[0]"; absent when the line or file says it all */
  at?: string;
  check: PackCheck;
  reason: string;
}

/** Thrown by a check to stop the verification at its first failure. */
export class PackCheckFailed extends Error {
  constructor(readonly failure: PackFailure) {
    super(describeFailure(failure));
  }
}

export function failAt(
  file: string,
  line: number | null,
  check: PackCheck,
  reason: string,
  at?: string,
): never {
  throw new PackCheckFailed(
    at === undefined ? { file, line, check, reason } : { file, line, at, check, reason },
  );
}

/** "entries.ndjson line 4: sequence: …" */
export function describeFailure(f: PackFailure): string {
  const where = f.line !== null ? ` line ${f.line}` : f.at ? ` ${f.at}` : "";
  return `${f.file}${where}: ${f.check}: ${f.reason}`;
}

/**
 * Runs a check on untrusted input: whatever it throws besides a named failure (a field of an odd
 * type deep in a header, say) fails `check` at `file`/`line`/`at` too. A hostile pack is a failed
 * pack, never a crash.
 */
export async function guarded<T>(where: Omit<PackFailure, "reason">, body: () => T | Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof PackCheckFailed) throw error;
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return failAt(where.file, where.line, where.check, `could not be checked: ${message}`, where.at);
  }
}
