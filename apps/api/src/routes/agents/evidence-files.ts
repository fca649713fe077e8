import type { PublishedSigner } from "@ctxlog/core";
import type { AgentEntry, LegalHold } from "@ctxlog/db";

// The small files of an evidence pack (docs/evidence.md): each built from what the route read,
// written as two-space indented JSON with one trailing newline.

export const jsonFile = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** completeness.json's receipts: the 202's `receipt` of an entry (agent-logs.md, Receipts). */
export function receiptOf(entry: AgentEntry) {
  return {
    context_hash: entry.contextHash,
    user_id: entry.userId,
    agent_id: entry.agentId,
    sequence: entry.sequence,
    prev_entry_hash: entry.prevEntryHash,
    received_at: entry.createdAt.toISOString(),
    signer: entry.signerAddress,
    signature: entry.signature,
  };
}

/** One line of erasures.ndjson, from the erased row: who, when, and the reason its request gave. */
export function erasureRecord(entry: AgentEntry) {
  return {
    context_id: entry.id,
    sequence: entry.sequence,
    context_hash: entry.contextHash,
    erased_at: entry.dataErasedAt?.toISOString() ?? null,
    erased_by: entry.dataErasedBy,
    reason: entry.dataErasureReason,
  };
}

/**
 * signers.json: the published signers whose period reaches the range or later, so the key that
 * signed the manifest (now) and the anchor keys of transactions sent after `to` are in it too.
 */
export function signersFile(signers: readonly PublishedSigner[], from: Date) {
  return {
    signers: signers
      .filter((s) => s.validUntil === null || s.validUntil >= from)
      .map((s) => ({
        address: s.address,
        kind: s.kind,
        valid_from: s.validFrom.toISOString(),
        valid_until: s.validUntil?.toISOString() ?? null,
      })),
  };
}

interface ActivityDay {
  date: string;
  entries: number;
  erased: number;
  first_received_at: string;
  last_received_at: string;
}

/** activity.json, counted while the entries stream by (one object per UTC day, not per entry). */
export class ActivityCounter {
  private readonly days = new Map<string, ActivityDay>();

  add(entry: AgentEntry): void {
    const at = entry.createdAt.toISOString();
    const date = at.slice(0, 10);
    const erased = entry.canonicalBytes === null ? 1 : 0;
    const day = this.days.get(date);
    if (day) {
      day.entries++;
      day.erased += erased;
      day.last_received_at = at;
    } else {
      this.days.set(date, { date, entries: 1, erased, first_received_at: at, last_received_at: at });
    }
  }

  file() {
    return { days: [...this.days.values()] };
  }
}

/**
 * policy.json: the data retention of the user's plan (planRetentionDays of
 * CONTEXT_DATA_RETENTION_DAYS and _BY_PLAN, which the webhook worker enforces; null: kept
 * forever), the API's CONTEXT_DATA_MIN_RETENTION_DAYS, and the agent's legal holds in force at some
 * time of the pack's range (docs/evidence.md, policy.json).
 */
export function policyFile(retention: { days: number | null; minDays: number }, holds: readonly LegalHold[]) {
  return {
    retention: { data_retention_days: retention.days, data_min_retention_days: retention.minDays },
    legal_holds: holds.map((h) => ({
      placed_at: h.placedAt.toISOString(),
      placed_by: h.placedBy,
      reason: h.reason,
      released_at: h.releasedAt?.toISOString() ?? null,
    })),
  };
}
