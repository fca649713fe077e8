import { ERROR_CODES, type EventName } from "@ctxlog/core";
import { z } from "zod";
import { chainLinkFields } from "../routes/contexts/proof-schema";
import { addressSchema, hash32Schema, signatureHexSchema } from "../routes/shared-schemas";

/*
 * The bodies the webhook worker POSTs, as the builders in packages/core/src/events.ts and
 * verification/event.ts make them (key for key: the objects are closed, so openapi.test.ts fails
 * when a builder grows a field the document does not show).
 */

const timestamp = z.iso.datetime();
const jsonObject = z.record(z.string(), z.unknown());
const contextId = z.string().meta({ example: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F" });

const contextCreatedData = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    transaction_hash: hash32Schema
      .nullable()
      .meta({ description: "The anchoring transaction: the event is recorded when it is broadcast." }),
    context_hash: hash32Schema,
    signature: signatureHexSchema,
    status: z.literal("pending"),
    created_at: timestamp,
    estimated_confirmation: timestamp.nullable(),
    context_data: jsonObject,
    metadata: jsonObject.meta({ description: "As hashed: `{}` when none was sent." }),
    ...chainLinkFields,
  })
  .strict()
  .meta({ id: "ContextCreatedEventData" });

const anchorProof = z
  .object({
    leaf_index: z.int(),
    merkle_proof: z.array(hash32Schema),
    merkle_root: hash32Schema,
    chain_id: z.int(),
    network: z.string(),
    registry_address: addressSchema,
  })
  .strict()
  .meta({
    id: "ContextConfirmedEventProof",
    description:
      "Enough to verify without calling back (GET /contexts/{id}/proof has the rest). Absent on test events.",
  });

const contextConfirmedData = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    transaction_hash: hash32Schema,
    context_hash: hash32Schema,
    status: z.literal("confirmed"),
    block_number: z.int(),
    block_timestamp: timestamp,
    confirmations: z.int(),
    network: z.string(),
    gas_used: z.int(),
    confirmation_time_seconds: z.int(),
    proof: anchorProof.optional(),
    ...chainLinkFields,
  })
  .strict()
  .meta({ id: "ContextConfirmedEventData" });

const contextFailedData = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    transaction_hash: hash32Schema
      .nullable()
      .meta({ description: "Null when the transaction was never broadcast." }),
    status: z.literal("failed"),
    error: z
      .object({
        code: z.enum(ERROR_CODES as [string, ...string[]]),
        message: z.string(),
        details: z.string().nullable(),
      })
      .strict(),
    retry_possible: z.boolean(),
    failure_reason: z.string().meta({
      description: "`insufficient_gas`, `reverted`, `rpc_unavailable` or `rejected`.",
    }),
  })
  .strict()
  .meta({ id: "ContextFailedEventData" });

const verificationCompletedData = z
  .object({
    verification_id: z.string().meta({ example: "vrf_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
    transaction_hash: hash32Schema
      .nullable()
      .meta({ description: "Null when a context never anchored was verified by id." }),
    verified: z.boolean(),
    agent_id: z.string(),
    context_hash: hash32Schema,
    signature_valid: z.boolean(),
    hash_matches: z.boolean(),
    block_number: z
      .int()
      .nullable()
      .meta({ description: "Null when the node had no receipt for the transaction (or there was none)." }),
    confirmations: z.int(),
    verification_time_ms: z.int(),
  })
  .strict()
  .meta({ id: "VerificationCompletedEventData" });

const DATA: Record<EventName, { schema: z.ZodType; id: string; summary: string }> = {
  "context.created": {
    schema: contextCreatedData,
    id: "ContextCreatedEvent",
    summary: "A context's anchoring transaction was broadcast",
  },
  "context.confirmed": {
    schema: contextConfirmedData,
    id: "ContextConfirmedEvent",
    summary: "A context reached the required confirmations on the canonical chain",
  },
  "context.failed": {
    schema: contextFailedData,
    id: "ContextFailedEvent",
    summary: "A context could not be anchored",
  },
  "verification.completed": {
    schema: verificationCompletedData,
    id: "VerificationCompletedEvent",
    summary: "A verification was made and stored",
  },
};

/** The envelope of one event type, exactly as serializeEnvelope writes it. */
export function eventEnvelopeSchema(event: EventName) {
  const { schema, id } = DATA[event];
  return z
    .object({
      event: z.literal(event),
      timestamp: timestamp.meta({ description: "When the event was produced (not when it was sent)." }),
      data: schema,
      test: z.literal(true).optional().meta({
        description: "Only on test events (POST /webhooks/{id}/test): sample data, made-up ids and hashes.",
      }),
    })
    .strict()
    .meta({ id });
}

export const eventSummary = (event: EventName) => DATA[event].summary;
