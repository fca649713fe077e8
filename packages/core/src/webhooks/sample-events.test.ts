import { EVENT_NAMES } from "../events";
import { sampleEventData, sampleEventEnvelope } from "./sample-events";

const FIELDS: Record<string, string[]> = {
  "webhook.disabled": ["webhook_id", "description", "disabled_at", "disabled_reason"],
  "context.erased": [
    "context_id",
    "agent_id",
    "context_hash",
    "data_erased_at",
    "erased_by",
    "sequence",
    "prev_entry_hash",
    "entry_hash",
    "reason",
  ],
  "context.created": [
    "context_id",
    "agent_id",
    "transaction_hash",
    "context_hash",
    "signature",
    "status",
    "created_at",
    "estimated_confirmation",
    "context_data",
    "metadata",
    "sequence",
    "prev_entry_hash",
    "entry_hash",
  ],
  "context.confirmed": [
    "context_id",
    "agent_id",
    "transaction_hash",
    "context_hash",
    "status",
    "block_number",
    "block_timestamp",
    "confirmations",
    "network",
    "gas_used",
    "confirmation_time_seconds",
    "sequence",
    "prev_entry_hash",
    "entry_hash",
  ],
  "context.failed": [
    "context_id",
    "agent_id",
    "transaction_hash",
    "status",
    "error",
    "retry_possible",
    "failure_reason",
  ],
  "verification.completed": [
    "verification_id",
    "transaction_hash",
    "verified",
    "agent_id",
    "context_hash",
    "signature_valid",
    "hash_matches",
    "block_number",
    "confirmations",
    "verification_time_ms",
    "verdict", // ours, after the spec's fields (three values: DESIGN.md principle 9)
  ],
};

describe("sample events", () => {
  it.each(EVENT_NAMES)("%s has every field of the spec's payload (and ours beside them)", (event) => {
    expect(Object.keys(sampleEventData(event)).sort()).toEqual([...(FIELDS[event] ?? [])].sort());
  });

  it("is wrapped in the real envelope, marked test: true", () => {
    const now = new Date("2026-03-04T05:06:07.089Z");
    const body = JSON.parse(sampleEventEnvelope("context.failed", now));
    expect(Object.keys(body)).toEqual(["event", "timestamp", "data", "test"]);
    expect(body).toMatchObject({ event: "context.failed", timestamp: now.toISOString(), test: true });
    expect(body.data.error.code).toBe("BLOCKCHAIN_ERROR");
  });
});
