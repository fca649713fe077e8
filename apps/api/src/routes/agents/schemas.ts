import { AGENT_ID_PATTERN } from "@ctxlog/core";
import { z } from "zod";
import { chainLinkFields, proofBundleSchema } from "../contexts/proof-schema";
import { hash32Schema, paginationQuerySchema } from "../shared-schemas";

const agentId = z.string().regex(AGENT_ID_PATTERN).meta({ example: "planner-7" });

export const agentParamsSchema = z.object({ agent_id: agentId });
export const listAgentsQuerySchema = paginationQuerySchema
  .extend({
    active_after: z.iso
      .datetime()
      .optional()
      .meta({
        description:
          "Only logs with an entry received at or after this time (the dashboard's range); the counts " +
          "stay the whole log's.",
      }),
    active_before: z.iso.datetime().optional().meta({ description: "…and before this time." }),
  })
  .strict();

const sequenceParam = z.coerce.number().int().min(1).max(2_147_483_647);
export const exportAgentQuerySchema = z
  .object({
    from_sequence: sequenceParam.optional().meta({ description: "First entry (default 1)." }),
    to_sequence: sequenceParam.optional().meta({ description: "Last entry (default the head)." }),
  })
  .strict();

export const agentLogSchema = z
  .object({
    agent_id: z.string(),
    head_sequence: z.int().min(1).meta({ description: "The last entry's sequence (the log's length)." }),
    head_entry_hash: hash32Schema.meta({ description: "The last entry's entry_hash." }),
    counts: z.object({ pending: z.int(), confirmed: z.int(), failed: z.int() }),
    first_activity_at: z.iso.datetime(),
    last_activity_at: z.iso.datetime(),
  })
  .meta({
    id: "AgentLog",
    description:
      "One agent's log (the user and agent_id are its identity), counted over the entries the key may read.",
  });

const nullableAnchorFields = {
  leaf_index: z.int().nullable(),
  merkle_proof: z.array(hash32Schema).nullable(),
  merkle_root: hash32Schema.nullable(),
  chain_id: z.int().nullable(),
  network: z.string().nullable(),
  registry_address: z.string().nullable(),
  transaction_hash: hash32Schema.nullable(),
  block_number: z.int().nullable(),
  anchor_address: z.string().nullable(),
};

export const auditEntrySchema = proofBundleSchema
  .extend({
    ...chainLinkFields,
    ...nullableAnchorFields,
    status: z.enum(["pending", "confirmed", "failed"]).meta({
      description:
        "confirmed: the anchor fields are set. pending or failed: not anchored (yet); anchor fields are " +
        "null unless the batch has been mined.",
    }),
  })
  .meta({
    id: "AuditEntry",
    description:
      "One line of an agent export: the entry's proof bundle (version 3; version 2 for entries signed before receipts were their signature), its status, anchor fields null while unanchored.",
  });

export const listAgentTracesQuerySchema = paginationQuerySchema.strict();

const nanos = z.string().regex(/^\d+$/).nullable().meta({
  description: "Nanoseconds since the Unix epoch, as a decimal string; null when every span is erased.",
});

const tokens = z.int().min(0).nullable();

export const agentTraceSchema = z
  .object({
    trace_id: z.string().regex(/^[0-9a-f]{32}$/),
    span_count: z
      .int()
      .min(1)
      .meta({ description: "This agent's spans of the trace that the key may read." }),
    error_spans: z.int().min(0).meta({ description: "Of those, the spans whose OTLP status is error." }),
    root_span_name: z
      .string()
      .nullable()
      .meta({
        description:
          "The root span's name (the span with no parent), else the earliest of the agent's spans; null " +
          "when their data is erased.",
      }),
    root_context_id: z
      .string()
      .nullable()
      .meta({ description: "The context holding that span: its page shows the trace as a tree." }),
    start_time_unix_nano: nanos,
    end_time_unix_nano: nanos,
    first_received_at: z.iso.datetime(),
    last_received_at: z.iso.datetime(),
    models: z.array(z.string()).meta({
      description:
        "The models the spans name, each once: gen_ai.response.model / gen_ai.request.model (OpenTelemetry " +
        "GenAI conventions), llm.model_name (OpenInference), ai.response.model / ai.model.id (Vercel AI SDK).",
    }),
    input_tokens: tokens.meta({
      description:
        "Input tokens over the spans: gen_ai.usage.input_tokens (or prompt_tokens), llm.token_count.prompt, " +
        "ai.usage.inputTokens (or promptTokens). A span wrapping others that carry tokens is not counted " +
        "(the AI SDK's ai.generateText over its doGenerate calls), so each call counts once. Null when no " +
        "span carries a count.",
    }),
    output_tokens: tokens.meta({
      description:
        "Output tokens, counted the same way: gen_ai.usage.output_tokens (or completion_tokens), " +
        "llm.token_count.completion, ai.usage.outputTokens (or completionTokens).",
    }),
  })
  .meta({
    id: "AgentTrace",
    description:
      "One OpenTelemetry trace an agent's spans belong to (spans received at POST /v1/otel/v1/traces). " +
      "`GET /v1/contexts?trace_id=` lists its spans.",
  });

const isoMillis = z.iso.datetime();
export const evidenceQuerySchema = z
  .object({
    from: isoMillis.meta({
      description: "Start of the period (ISO 8601): entries received at or after it.",
      example: "2026-11-28T23:00:00.000Z",
    }),
    to: isoMillis.meta({
      description: "End of the period (ISO 8601, after `from`): entries received before it.",
      example: "2026-11-29T01:45:00.000Z",
    }),
  })
  .strict();
