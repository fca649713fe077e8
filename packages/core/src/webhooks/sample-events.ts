import { randomBytes } from "node:crypto";
import {
  type ContextView,
  contextConfirmedData,
  contextCreatedData,
  contextFailedData,
  type EventName,
  serializeEnvelope,
} from "../events";
import { newId } from "../ids";
import { webhookDisabledData } from "./disabled-event";
import { contextErasedData } from "./erased-event";

const hex = (bytes: number) => `0x${randomBytes(bytes).toString("hex")}`;

/**
 * A plausible context at the stage an event describes, built with the same payload builders as
 * real events, so a test event has exactly the shape of the real one (only ids and hashes are
 * made up, and the envelope says `"test": true`).
 */
function sampleContext(event: EventName, now: Date): ContextView {
  const createdAt = new Date(now.getTime() - (event === "context.created" ? 0 : 12_000));
  const failed = event === "context.failed";
  const confirmed = event === "context.confirmed" || event === "verification.completed";
  return {
    id: newId("ctx"),
    agentId: "sample-agent",
    transactionHash: failed ? null : hex(32),
    contextHash: hex(32),
    signature: hex(65),
    status: failed ? "failed" : confirmed ? "confirmed" : "pending",
    createdAt,
    estimatedConfirmation: new Date(createdAt.getTime() + 4_000),
    contextData: { task: "summarize", input: "This is a test event sent from the webhooks API." },
    metadata: { source: "webhook-test" },
    blockNumber: confirmed ? 1_234_567n : null,
    blockTimestamp: confirmed ? new Date(now.getTime() - 3_000) : null,
    confirmations: confirmed ? 3 : 0,
    network: "anvil",
    gasUsed: confirmed ? 23_850n : null,
    confirmationTimeSeconds: confirmed ? 12 : null,
    errorCode: failed ? "BLOCKCHAIN_ERROR" : null,
    errorMessage: failed ? "The anchoring transaction could not be sent." : null,
    errorDetails: failed ? "insufficient funds for gas * price + value" : null,
    retryPossible: failed ? true : null,
    failureReason: failed ? "insufficient_gas" : null,
  };
}

/** The `data` of a sample event of the given type. */
export function sampleEventData(event: EventName, now: Date = new Date()): Record<string, unknown> {
  const ctx = sampleContext(event, now);
  switch (event) {
    case "context.created":
      return contextCreatedData(ctx);
    case "context.confirmed":
      return contextConfirmedData(ctx);
    case "context.failed":
      return contextFailedData(ctx);
    case "context.erased":
      return contextErasedData(
        { ...ctx, sequence: 7, prevEntryHash: hex(32), entryHash: hex(32) },
        {
          at: now,
          by: "api_key",
          reason: "the data subject's request (GDPR Art. 17)",
        },
      );
    case "verification.completed":
      return {
        verification_id: newId("vrf"),
        transaction_hash: ctx.transactionHash,
        verified: true,
        agent_id: ctx.agentId,
        context_hash: ctx.contextHash,
        signature_valid: true,
        hash_matches: true,
        block_number: Number(ctx.blockNumber),
        confirmations: ctx.confirmations,
        verification_time_ms: 42,
        verdict: "verified",
      };
    case "webhook.disabled":
      return webhookDisabledData({
        id: newId("whk"),
        description: "sample endpoint",
        disabledAt: now,
        disabledReason: "failing",
      });
  }
}

/** The body of a test event: a sample payload in the real envelope, marked `"test": true`. */
export function sampleEventEnvelope(event: EventName, now: Date = new Date()): string {
  return serializeEnvelope({ event, timestamp: now, data: sampleEventData(event, now), test: true });
}
