import { AGENT_ID_PATTERN } from "@ctxlog/core";
import { z } from "zod";
import { addressSchema, hash32Schema, paginationQuerySchema, signatureHexSchema } from "../shared-schemas";
import { chainLinkFields } from "./proof-schema";

export const MAX_CONTEXT_DATA_BYTES = 256 * 1024;
export const MAX_METADATA_BYTES = 16 * 1024;

const agentId = z
  .string()
  .regex(
    AGENT_ID_PATTERN,
    "1–128 characters: letters, digits and . _ : @ / -, starting with a letter or digit",
  )
  .meta({
    description: "Identifier of the agent that produced the context.",
    example: "planner-7",
  });
const jsonObject = z.record(z.string(), z.unknown());
const visibility = z.enum(["public", "private"]);
const status = z.enum(["pending", "confirmed", "failed"]);

export const createContextBodySchema = z
  .object({
    agent_id: agentId,
    context_data: jsonObject.meta({
      description:
        "Free-form JSON object, at most 256 KiB (262144 bytes) as compact UTF-8 JSON (else 413). " +
        "Nested at most 32 deep; no `__proto__` key, NUL character or lone surrogate anywhere (else 400).",
    }),
    metadata: jsonObject.optional().meta({
      description:
        "Free-form JSON object, at most 16 KiB (16384 bytes) as compact UTF-8 JSON (else 413); hashed " +
        "too, `{}` when omitted. The same character and nesting rules as context_data.",
    }),
    visibility: visibility
      .optional()
      .meta({ description: "`public` contexts are readable with public keys. Default `private`." }),
  })
  .strict()
  .meta({ id: "CreateContextRequest" });

/** Contexts one POST /v1/contexts/batch may carry, and the largest body it accepts. */
export const MAX_BATCH_CONTEXTS = 500;
export const MAX_BATCH_BODY_BYTES = 5 * 1024 * 1024;

export const createContextsBatchBodySchema = z
  .object({
    contexts: z
      .array(createContextBodySchema)
      .min(1)
      .max(MAX_BATCH_CONTEXTS)
      .meta({
        description:
          "1–500 contexts, each exactly as the body of `POST /v1/contexts` (same limits, same key " +
          "rules). All or nothing: one bad item refuses the batch, listing every bad item found in " +
          "`error.details` by `index`.",
      }),
  })
  .strict()
  .meta({ id: "CreateContextsBatchRequest" });

export const createContextHeadersSchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "must be 1–255 printable ASCII characters (0x21–0x7E, no spaces)")
    .optional()
    .meta({
      description:
        "1–255 printable ASCII characters (0x21–0x7E, no spaces). The same key and body within 24 h " +
        "returns the first response (with Idempotent-Replayed: true); another body is a 409.",
      example: "run-42-step-7",
    }),
});

export const listContextsQuerySchema = paginationQuerySchema
  .extend({
    agent_id: agentId.optional(),
    status: status.optional(),
    created_after: z.iso
      .datetime()
      .optional()
      .meta({ description: "Only contexts received at or after this time (the dashboard's range)." }),
    created_before: z.iso
      .datetime()
      .optional()
      .meta({ description: "Only contexts received before this time." }),
    to_sequence: z.coerce
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional()
      .meta({
        description:
          "With agent_id: only the entries of that agent's log up to this sequence, inclusive (a jump into " +
          "the log; next_cursor goes on towards sequence 1).",
        example: 120,
      }),
    trace_id: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, "an OpenTelemetry trace id: 32 hex characters")
      .transform((id) => id.toLowerCase())
      .optional()
      .meta({
        description: "Only the spans of this trace received over OTLP (`POST /v1/otel/v1/traces`).",
        example: "5b8efff798038103d269b633813fc60c",
      }),
  })
  .strict();

export const contextIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^ctx_[0-9A-HJKMNP-TV-Z]{26}$/, "a context id (ctx_ and 26 base32 characters)")
    .meta({ example: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

export const contextSchema = z
  .object({
    context_id: z.string(),
    agent_id: z.string(),
    status,
    visibility,
    context_hash: hash32Schema.meta({
      description: "keccak256 of the RFC 8785 canonical JSON of {agent_id, context_data, metadata}.",
    }),
    signature: signatureHexSchema.meta({
      description:
        "The context's one signature, by the attestation key (signer_address). EIP-712 (signature_scheme): " +
        "its receipt's signature, over Receipt(contextHash, userId, agentId, sequence, prevEntryHash, " +
        "receivedAt). EIP-191: contexts signed before receipts were their signature, personal_sign over " +
        "the 32 bytes of context_hash.",
    }),
    signature_scheme: z.enum(["EIP-712", "EIP-191"]).meta({
      description: "How `signature` is checked (see signature); every new context is EIP-712.",
    }),
    signer_address: addressSchema.meta({
      description: "EIP-55 checksummed (mixed-case) address of the signer; compare case-insensitively.",
    }),
    transaction_hash: hash32Schema
      .nullable()
      .meta({ description: "Null until the anchoring transaction is broadcast." }),
    network: z.string(),
    confirmations: z.int(),
    block_number: z.int().nullable(),
    block_timestamp: z.iso.datetime().nullable(),
    gas_used: z.int().nullable().meta({
      description:
        "Gas of the batch's anchoring transaction, shared by its batch_size contexts; null until confirmed.",
    }),
    gas_price_wei: z
      .string()
      .regex(/^\d+$/)
      .nullable()
      .meta({
        description:
          "Wei per gas that transaction paid (its receipt's effectiveGasPrice), in decimal: gas_used × " +
          "gas_price_wei is the batch's fee. Null until confirmed, and for batches anchored before it was recorded.",
      }),
    batch_size: z.int().min(1).nullable().meta({
      description: "Contexts anchored by that transaction (its Merkle batch); null until confirmed.",
    }),
    confirmation_time_seconds: z.int().nullable(),
    created_at: z.iso.datetime(),
    estimated_confirmation: z.iso.datetime(),
    context_data: jsonObject.nullable().meta({ description: "Null once erased (data_erased_at)." }),
    metadata: jsonObject.nullable().meta({ description: "Null once erased (data_erased_at)." }),
    data_erased_at: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          "When context_data and metadata were erased (DELETE /v1/contexts/{id}/data, DELETE " +
          "/v1/agents/{agent_id}/data or the retention period); null while kept. The hashes, " +
          "signature and proof remain.",
      }),
    data_erasure_reason: z.string().nullable().meta({
      description:
        "The reason the erasure request gave (`reason`); null while kept, when none was given, and for retention.",
    }),
    data_erasure_overrode_retention: z
      .boolean()
      .nullable()
      .meta({
        description:
          "true when the erasure overrode the minimum retention (`override_retention`); null while kept, " +
          "and for erasures made before the minimum retention existed.",
      }),
    error: z.object({ code: z.string(), message: z.string(), details: z.string().nullable() }).nullable(),
    retry_possible: z.boolean().nullable(),
    failure_reason: z.string().nullable(),
    ...chainLinkFields,
    log_index: z
      .int()
      .min(0)
      .nullable()
      .meta({
        description:
          "Its index in the transparency log (GET /v1/tlog/checkpoint and tiles): null until the sequencer " +
          "appends it (within TLOG_CHECKPOINT_INTERVAL_MS of the write), and for contexts logged before logs were chained.",
      }),
  })
  .meta({ id: "Context" });

export type ContextResource = z.infer<typeof contextSchema>;

export const receiptSchema = z
  .object({
    context_hash: hash32Schema,
    user_id: z.string(),
    agent_id: z.string(),
    sequence: z.int().min(1),
    prev_entry_hash: hash32Schema,
    received_at: z.iso.datetime().meta({
      description: "When the service accepted the context (its created_at); signed as uint64 milliseconds.",
    }),
    signer: addressSchema.meta({
      description: "The attestation key that signed (GET /v1/signers, kind `attestation`).",
    }),
    signature: signatureHexSchema.meta({
      description:
        'EIP-712 signature, domain {name: "ctxlog", version: "1"}, over Receipt(bytes32 contextHash,string userId,' +
        "string agentId,uint64 sequence,bytes32 prevEntryHash,uint64 receivedAt).",
    }),
  })
  .strict()
  .meta({
    id: "Receipt",
    description:
      "Proof that the service accepted this context at this position of the agent's log: keep it. An audit " +
      "given the receipts reports an entry missing from the log or altered.",
  });

export const createdContextSchema = contextSchema
  .extend({
    receipt: receiptSchema.meta({
      description: "Its signature is the context's `signature`: one signature per context.",
    }),
  })
  .meta({ id: "CreatedContext" });

export type ReceiptResource = z.infer<typeof receiptSchema>;

export const contextBatchSchema = z
  .object({
    data: z
      .array(createdContextSchema)
      .meta({ description: "The new contexts, in the order they were sent." }),
  })
  .meta({ id: "ContextBatch" });
