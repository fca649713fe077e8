// completeness.json: the range is all of the log between its neighbours. The receipt of the entry
// before links to the first entry (its entry hash is the first's prev_entry_hash) and was received
// before the range; the receipt of the entry after links to the last and was received at or after
// its end; no entry after means the range ends at the log's head.
import { canonicalize } from "../canonical";
import { type ContextReceipt, computeEntryHash, verifyReceipt, ZERO_ENTRY_HASH } from "../chain-entry";
import type { CheckedEntries } from "./check-entries";
import { isHash32 } from "./manifest";
import { failAt } from "./pack-failure";
import type { CompletenessFile, PackManifest } from "./pack-format";
import type { SignerPeriods } from "./signers";

const FILE = "completeness.json";
const lower = (s: string) => s.toLowerCase();
const fail = (reason: string, at?: string) => failAt(FILE, null, "completeness", reason, at);

export async function checkCompleteness(
  parsed: unknown,
  manifest: PackManifest,
  entries: CheckedEntries,
  signers: SignerPeriods,
  trustedSigners?: readonly string[],
): Promise<void> {
  const c = parsed as CompletenessFile;
  if (
    typeof c !== "object" ||
    c === null ||
    typeof c.head !== "object" ||
    c.head === null ||
    c.before === undefined ||
    c.after === undefined
  )
    fail("must be {first_sequence, last_sequence, before, after, head}");
  const first = entries.first?.sequence ?? null;
  const last = entries.last?.sequence ?? null;
  const range = manifest.sequence_range;
  if (
    c.first_sequence !== first ||
    c.last_sequence !== last ||
    (range?.first ?? null) !== first ||
    (range?.last ?? null) !== last
  )
    fail(
      `first_sequence ${c.first_sequence}, last_sequence ${c.last_sequence} and the manifest's sequence_range must be the entries' (${first}..${last})`,
    );
  if (!Number.isSafeInteger(c.head.sequence) || !isHash32(c.head.entry_hash))
    fail("head must be {sequence, entry_hash}", "head");

  // the log runs before → the entries (none for an empty period) → after, each linked to the one before
  const { before, after } = c;
  const firstEntry = entries.first;
  const lastEntry = entries.last;
  if (before !== null) {
    await neighbour(before, "before", manifest, signers, trustedSigners);
    if (!(Date.parse(before.received_at) < Date.parse(manifest.range.from)))
      fail(
        `entry ${before.sequence} was received at ${before.received_at}, inside the range: the range must start with it`,
        "before",
      );
  }
  const low = before
    ? { sequence: before.sequence, hash: computeEntryHash(before) }
    : { sequence: 0, hash: ZERO_ENTRY_HASH };
  const next = firstEntry ?? after;
  if (next && (next.sequence !== low.sequence + 1 || lower(next.prev_entry_hash) !== low.hash)) {
    const what = firstEntry ? `the first entry (${next.sequence})` : `after (${next.sequence})`;
    fail(
      before
        ? `${what} does not follow entry ${before.sequence} (sequence + 1, prev_entry_hash its entry hash ${low.hash})`
        : `${what} is not entry 1 with a zero prev_entry_hash, and no receipt of the entry before it is given`,
      "before",
    );
  }
  const top = lastEntry ? { sequence: lastEntry.sequence, hash: lower(lastEntry.entry_hash) } : low;
  if (after === null) {
    if (c.head.sequence !== top.sequence || lower(c.head.entry_hash) !== top.hash)
      fail(
        `no entry after ${top.sequence}, yet the head is entry ${c.head.sequence} ${c.head.entry_hash}`,
        "head",
      );
    return;
  }
  await neighbour(after, "after", manifest, signers, trustedSigners);
  if (after.sequence !== top.sequence + 1 || lower(after.prev_entry_hash) !== top.hash)
    fail(
      `entry ${after.sequence} does not follow entry ${top.sequence} (sequence + 1, prev_entry_hash its entry hash)`,
      "after",
    );
  if (!(Date.parse(after.received_at) >= Date.parse(manifest.range.to)))
    fail(
      `entry ${after.sequence} was received at ${after.received_at}, inside the range: the range must end with it`,
      "after",
    );
  if (c.head.sequence < after.sequence)
    fail(`the head (${c.head.sequence}) is before entry ${after.sequence}`, "head");
}

async function neighbour(
  r: ContextReceipt,
  at: "before" | "after",
  manifest: PackManifest,
  signers: SignerPeriods,
  trustedSigners?: readonly string[],
) {
  if (typeof r !== "object" || r === null || !isHash32(r.context_hash) || !isHash32(r.prev_entry_hash))
    fail(
      "must be a receipt {context_hash, user_id, agent_id, sequence, prev_entry_hash, received_at, signer, signature}",
      at,
    );
  if (!Number.isSafeInteger(r.sequence) || r.user_id !== manifest.user_id || r.agent_id !== manifest.agent_id)
    fail(`must be the receipt of an entry of ${manifest.user_id}/${manifest.agent_id}`, at);
  const problem = await verifyReceipt(r, trustedSigners);
  if (problem) fail(problem, at);
  const period = signers.attestationProblem(r.signer, r.received_at);
  if (period) fail(period, at);
}

/** activity.json equals what the entries say, day by day. */
export function checkActivity(parsed: unknown, entries: CheckedEntries): void {
  // compared in RFC 8785 form: the writer's key order and spacing are its own
  const same = (a: unknown, b: unknown) => {
    try {
      return canonicalize(a) === canonicalize(b);
    } catch {
      return false;
    }
  };
  if (same(parsed, { days: entries.days })) return;
  const days = (parsed as { days?: unknown[] })?.days;
  if (!Array.isArray(days)) failAt("activity.json", null, "activity", "must be {days: [...]}");
  const i = entries.days.findIndex((d, k) => !same(d, days[k]));
  const at = `days[${i < 0 ? entries.days.length : i}]`;
  failAt(
    "activity.json",
    null,
    "activity",
    `differs from the entries' own days: ${JSON.stringify(entries.days[i] ?? null)} was due`,
    at,
  );
}
