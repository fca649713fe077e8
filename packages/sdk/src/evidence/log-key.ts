// The log's key of a pack's tree heads: pinned by the caller (`--log-key`, `logKeys`), each tree
// head's `verifier_key` must be one of the pinned keys (checkpoint_signature); else it is the
// pack's own word, as signers.json's keys are without --expected-signer.
import { formatVerifierKey, type NoteVerifierKey, parseVerifierKey } from "@ctxlog/tlog";
import type { LogKey } from "../log-checks";

/** "given": the tree heads were held to the caller's log keys; "pack": to their own verifier_key. */
export type PackLogKey = "given" | "pack";

/** The pinned keys in their canonical form (`name+keyid+base64`); throws TlogError on a malformed one. */
export function pinnedLogKeys(keys: readonly LogKey[]): string[] {
  return keys.map((k) => formatVerifierKey(typeof k === "string" ? parseVerifierKey(k) : k));
}

/** Why the tree head's key (parsed, and as the pack writes it) is not one of the pinned keys, or null. */
export function pinnedLogKeyProblem(
  key: NoteVerifierKey,
  written: string,
  pinned: readonly string[],
): string | null {
  if (pinned.includes(formatVerifierKey(key))) return null;
  const which =
    pinned.length === 1
      ? `the given log key ${pinned[0]}`
      : `one of the given log keys (${pinned.join(", ") || "none"})`;
  return `verifier_key ${written} is not ${which}`;
}

/** The verdict line's words on the log's key; nothing when unpinned and there is no tree head. */
export function logKeyPhrase(logKey: PackLogKey, treeHeads: number): string {
  if (logKey === "given")
    return treeHeads === 0
      ? "; no tree head to hold to the given log key"
      : `; each tree head (${treeHeads}) signed by the given log key`;
  return treeHeads === 0
    ? ""
    : `; each tree head (${treeHeads}) signed by its own verifier_key (the pack's own word; --log-key to pin it)`;
}
