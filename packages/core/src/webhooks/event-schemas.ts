import { z } from "zod";
import { ERROR_CODES } from "../errors";
import { VERIFICATION_VERDICTS } from "../verification/verdict";

/*
 * The one description of every event body the service sends: the payload builders
 * (events.ts, verification/event.ts, disabled-event.ts) take their types from these schemas, the
 * OpenAPI document's `webhooks` section shows them, and GET /v1/event-types serves them as JSON
 * Schema. The objects are closed, so a builder that grows a field the schema does not show fails
 * the document's tests and the event-types test (ajv against real payloads).
 */

const hash32 = z.string().regex(/^0x[0-9a-f]{64}$/);
const signatureHex = z.string().regex(/^0x[0-9a-f]{130}$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const timestamp = z.iso.datetime();
const jsonObject = z.record(z.string(), z.unknown());
const contextId = z.string().meta({ example: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F" });

/**
 * The context's link in its agent's log; null on contexts logged before logs were chained. Shared
 * by the events and the API's context, proof and agent schemas.
 */
export const chainLinkFields = {
  sequence: z.int().min(1).nullable().meta({
    description:
      "Position in the agent's log (user, agent_id): 1, 2, 3, … with no gaps. Null before chaining.",
  }),
  prev_entry_hash: hash32.nullable().meta({
    description: "entry_hash of the previous entry of the log; 0x followed by 64 zeros for the first.",
  }),
  entry_hash: hash32.nullable().meta({
    description:
      "EIP-712 hashStruct(LogEntry(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash)).",
  }),
};
export type ChainLinkData = {
  sequence: number | null;
  prev_entry_hash: string | null;
  entry_hash: string | null;
};

export const contextCreatedDataSchema = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    transaction_hash: hash32
      .nullable()
      .meta({ description: "The anchoring transaction: the event is recorded when it is broadcast." }),
    context_hash: hash32,
    signature: signatureHex,
    status: z.literal("pending"),
    created_at: timestamp,
    estimated_confirmation: timestamp.nullable(),
    context_data: jsonObject
      .nullable()
      .meta({ description: "Null once the context's data was erased (stored events are rewritten)." }),
    metadata: jsonObject
      .nullable()
      .meta({ description: "As hashed: `{}` when none was sent. Null once erased." }),
    ...chainLinkFields,
  })
  .strict()
  .meta({ id: "ContextCreatedEventData" });

export const anchorProofSchema = z
  .object({
    leaf_index: z.int(),
    merkle_proof: z.array(hash32),
    merkle_root: hash32,
    chain_id: z.int(),
    network: z.string(),
    registry_address: address,
    tree_size: z.int().min(1).optional().meta({
      description:
        "Present when merkle_root is the transparency log's tree head: merkle_proof is then the RFC 6962 (SHA-256) inclusion proof of the entry hash at leaf_index (its log index) in a tree of tree_size leaves. Absent: the sorted-pair keccak256 path in the batch's own tree.",
    }),
  })
  .strict()
  .meta({
    id: "ContextConfirmedEventProof",
    description:
      "Enough to verify without calling back (GET /contexts/{id}/proof has the rest). Absent on test events.",
  });

export const contextConfirmedDataSchema = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    transaction_hash: hash32,
    context_hash: hash32,
    status: z.literal("confirmed"),
    block_number: z.int(),
    block_timestamp: timestamp,
    confirmations: z.int(),
    network: z.string(),
    gas_used: z.int(),
    confirmation_time_seconds: z.int(),
    proof: anchorProofSchema.optional(),
    ...chainLinkFields,
  })
  .strict()
  .meta({ id: "ContextConfirmedEventData" });

export const contextFailedDataSchema = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    transaction_hash: hash32
      .nullable()
      .meta({ description: "Null when the transaction was never broadcast." }),
    status: z.literal("failed"),
    error: z
      .object({
        code: z.enum(ERROR_CODES as unknown as [string, ...string[]]),
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

export const verificationCompletedDataSchema = z
  .object({
    verification_id: z.string().meta({ example: "vrf_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
    transaction_hash: hash32
      .nullable()
      .meta({ description: "Null when a context never anchored was verified by id." }),
    verified: z.boolean(),
    agent_id: z.string(),
    context_hash: hash32,
    signature_valid: z.boolean(),
    hash_matches: z.boolean(),
    block_number: z
      .int()
      .nullable()
      .meta({ description: "Null when the node had no receipt for the transaction (or there was none)." }),
    confirmations: z.int(),
    verification_time_ms: z.int(),
    verdict: z.enum(VERIFICATION_VERDICTS).meta({
      description:
        "`verified`; `verified_data_unavailable` (the context's data was erased, so the data checks did not " +
        "run: `verified` is true and `hash_matches` false); or `failed`. The same verdict as the Verification.",
    }),
  })
  .strict()
  .meta({ id: "VerificationCompletedEventData" });

export const DATA_ERASED_BY = ["api_key", "dashboard", "retention"] as const;
export type DataErasedBy = (typeof DATA_ERASED_BY)[number];

export const contextErasedDataSchema = z
  .object({
    context_id: contextId,
    agent_id: z.string(),
    context_hash: hash32.meta({ description: "Kept: the proofs still verify from it." }),
    data_erased_at: timestamp,
    erased_by: z.enum(DATA_ERASED_BY).meta({
      description:
        "`api_key`: DELETE /v1/contexts/{id}/data or /v1/agents/{agent_id}/data with a full key; " +
        "`dashboard`: the same from a dashboard session; `retention`: CONTEXT_DATA_RETENTION_DAYS.",
    }),
    ...chainLinkFields,
    reason: z
      .string()
      .max(500)
      .nullable()
      .meta({ description: "The reason the erasure request gave; null when none (and for retention)." }),
  })
  .strict()
  .meta({ id: "ContextErasedEventData" });

export const WEBHOOK_DISABLED_REASONS = ["gone", "failing", "manual"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const webhookDisabledDataSchema = z
  .object({
    webhook_id: z.string().meta({ example: "whk_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
    description: z.string(),
    disabled_at: timestamp,
    disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).meta({
      description:
        "`gone`: the receiver answered 410 Gone; `failing`: no successful delivery for the deployment's " +
        "WEBHOOK_DISABLE_AFTER_HOURS while deliveries kept failing. (`manual` is never announced.)",
    }),
  })
  .strict()
  .meta({ id: "WebhookDisabledEventData" });

/** Every event the service sends: its data schema, the OpenAPI id of its envelope, a summary. */
export const EVENT_CATALOG = {
  "context.created": {
    data: contextCreatedDataSchema,
    id: "ContextCreatedEvent",
    summary: "A context's anchoring transaction was broadcast",
  },
  "context.confirmed": {
    data: contextConfirmedDataSchema,
    id: "ContextConfirmedEvent",
    summary: "A context reached the required confirmations on the canonical chain",
  },
  "context.failed": {
    data: contextFailedDataSchema,
    id: "ContextFailedEvent",
    summary: "A context could not be anchored",
  },
  "context.erased": {
    data: contextErasedDataSchema,
    id: "ContextErasedEvent",
    summary:
      "A context's data and metadata were erased everywhere they were stored; its hashes, signature and proof remain",
  },
  "verification.completed": {
    data: verificationCompletedDataSchema,
    id: "VerificationCompletedEvent",
    summary: "A verification was made and stored",
  },
  "webhook.disabled": {
    data: webhookDisabledDataSchema,
    id: "WebhookDisabledEvent",
    summary: "One of the user's webhook endpoints was disabled; it receives nothing until enabled again",
  },
} as const;

export type CatalogEventName = keyof typeof EVENT_CATALOG;

function envelopeSchema<E extends CatalogEventName>(event: E) {
  const { data, id } = EVENT_CATALOG[event];
  return z
    .object({
      event: z.literal(event),
      timestamp: timestamp.meta({ description: "When the event was produced (not when it was sent)." }),
      data: data as (typeof EVENT_CATALOG)[E]["data"],
      test: z.literal(true).optional().meta({
        description: "Only on test events (POST /webhooks/{id}/test): sample data, made-up ids and hashes.",
      }),
    })
    .strict()
    .meta({ id });
}

/**
 * The envelope of each event type, exactly as serializeEnvelope writes it. Built once: a schema's
 * `id` may be registered only once for the OpenAPI and JSON Schema generators.
 */
export const EVENT_ENVELOPE_SCHEMAS = {
  "context.created": envelopeSchema("context.created"),
  "context.confirmed": envelopeSchema("context.confirmed"),
  "context.failed": envelopeSchema("context.failed"),
  "context.erased": envelopeSchema("context.erased"),
  "verification.completed": envelopeSchema("verification.completed"),
  "webhook.disabled": envelopeSchema("webhook.disabled"),
};

/**
 * The JSON Schema (draft 2020-12) of one event type's envelope, self-contained. OpenAPI's
 * `example` becomes the standard `examples`, so strict validators (ajv's strict mode) accept it.
 */
export function eventEnvelopeJsonSchema(event: CatalogEventName): Record<string, unknown> {
  return z.toJSONSchema(EVENT_ENVELOPE_SCHEMAS[event], {
    target: "draft-2020-12",
    io: "output",
    override: ({ jsonSchema }) => {
      const node = jsonSchema as Record<string, unknown>;
      if ("example" in node) {
        node.examples = [node.example];
        delete node.example;
      }
    },
  }) as Record<string, unknown>;
}

export type ContextCreatedData = z.infer<typeof contextCreatedDataSchema>;
export type AnchorProofData = z.infer<typeof anchorProofSchema>;
export type ContextConfirmedData = z.infer<typeof contextConfirmedDataSchema>;
export type ContextFailedData = z.infer<typeof contextFailedDataSchema>;
export type ContextErasedData = z.infer<typeof contextErasedDataSchema>;
export type VerificationCompletedData = z.infer<typeof verificationCompletedDataSchema>;
export type WebhookDisabledData = z.infer<typeof webhookDisabledDataSchema>;
