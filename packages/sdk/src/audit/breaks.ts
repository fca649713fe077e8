// The audit's words: the named breaks of a log, and the pieces of its report.
import type { ContextReceipt } from "../chain-entry";
import type { AuditEntry } from "./entry-checks";

const lower = (s: string) => s.toLowerCase();

/** The named ways a log can be broken, in the words of the report ("gap at 7", "fork at 7", …). */
export type AuditBreakKind =
  | "malformed"
  | "gap"
  | "fork"
  | "altered"
  | "bad_signature"
  | "unanchored"
  | "not_confirmed"
  | "receipt_missing"
  | "receipt_mismatch"
  | "bad_receipt_signature";

export interface AuditBreak {
  kind: AuditBreakKind;
  /** the sequence the break is at */
  sequence: number;
  /** e.g. "gap at 7: the entry after 6 is 9" */
  message: string;
}

/** The break's label: "gap at 7", "altered entry 7"… */
export function label(kind: AuditBreakKind, n: number): string {
  switch (kind) {
    case "malformed":
      return `malformed entry ${n}`;
    case "gap":
      return `gap at ${n}`;
    case "fork":
      return `fork at ${n}`;
    case "altered":
      return `altered entry ${n}`;
    case "bad_signature":
      return `bad signature at ${n}`;
    case "unanchored":
      return `unanchored entry ${n}`;
    case "not_confirmed":
      return `entry ${n} not yet confirmed`;
    case "receipt_missing":
      return `receipt ${n} missing`;
    case "receipt_mismatch":
      return `receipt ${n} differs from entry ${n}`;
    case "bad_receipt_signature":
      return `bad receipt signature at ${n}`;
  }
}

/** Which field of a receipt differs from its entry, or null. */
export function receiptDifference(r: ContextReceipt, e: AuditEntry): string | null {
  const pairs: [string, string, string][] = [
    ["context_hash", r.context_hash, e.context_hash],
    ["user_id", r.user_id, e.user_id],
    ["agent_id", r.agent_id, e.context.agent_id],
    ["prev_entry_hash", r.prev_entry_hash, e.prev_entry_hash],
  ];
  const diff = pairs.find(([, a, b]) => lower(a) !== lower(b));
  return diff ? `the receipt's ${diff[0]} is ${diff[1]}, the log's ${diff[2]}` : null;
}

export /** "; data erased at 3, 7-9" (ranges of consecutive sequences), or "" when none was. */
function erasedNote(sequences: readonly number[]): string {
  if (sequences.length === 0) return "";
  const runs: string[] = [];
  let start = sequences[0] as number;
  let end = start;
  for (const s of [...sequences.slice(1), Number.NaN]) {
    if (s === end + 1) {
      end = s;
      continue;
    }
    runs.push(start === end ? `${start}` : `${start}-${end}`);
    start = end = s;
  }
  return `; data erased (hashes kept) at ${runs.join(", ")}`;
}
