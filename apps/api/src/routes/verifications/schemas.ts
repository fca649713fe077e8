import { AGENT_ID_PATTERN, CHECK_STATUSES, TREE_HEAD_CHECK_NAMES, VERIFICATION_VERDICTS } from "@ctxlog/core";
import { z } from "zod";
import { hash32Schema, paginationQuerySchema } from "../shared-schemas";

const jsonObject = z.record(z.string(), z.unknown());
const contextId = z.string().min(1).max(64).meta({ example: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F" });

const suppliedContextSchema = z
  .object({
    agent_id: z.string().regex(AGENT_ID_PATTERN, "an agent_id as contexts have them"),
    context_data: jsonObject.meta({
      description: "As at creation: nested at most 32 deep, no `__proto__` key, NUL or lone surrogate.",
    }),
    metadata: jsonObject.optional().meta({ description: "Default {} (hashed either way)." }),
  })
  .strict();

export const verifyByIdBodySchema = z
  .object({
    context_id: contextId.meta({ description: "One of your contexts that this key may read." }),
    context: suppliedContextSchema.optional().meta({
      description:
        "The data as you kept it, checked instead of the stored copy: how a context whose data was " +
        "erased is still proven (its hash is recomputed and must equal the logged context_hash).",
    }),
  })
  .strict()
  .meta({
    id: "VerifyContextById",
    description: "Verify a stored context: its data as stored, against the chain.",
  });

export const verifyByDataBodySchema = z
  .object({
    transaction_hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte transaction hash, 0x-prefixed hex")
      .meta({ description: "The anchoring transaction the data is claimed to be in." }),
    context: suppliedContextSchema.meta({
      description: "The data as you hold it: it is hashed exactly as at creation.",
    }),
  })
  .strict()
  .meta({
    id: "VerifySuppliedContext",
    description:
      "Verify data you hold against a transaction. The signature and Merkle proof are taken from a context " +
      "of this key's account with the same hash anchored in that transaction, among the contexts the key " +
      "may read (a public key: public contexts only). If there is none, those checks fail: still a 200.",
  });

// The router checks a body against the form whose keys it uses; with none of them, this message.
export const createVerificationBodySchema = z
  .union([verifyByIdBodySchema, verifyByDataBodySchema], {
    error: "expected {context_id} or {transaction_hash, context: {agent_id, context_data, metadata?}}",
  })
  .meta({ id: "CreateVerificationRequest" });

export const verificationIdParamsSchema = z.object({
  id: z.string().meta({ example: "vrf_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

export const listVerificationsQuerySchema = paginationQuerySchema
  .extend({
    context_id: z
      .string()
      .regex(/^ctx_[0-9A-HJKMNP-TV-Z]{26}$/, "a context id (ctx_…)")
      .optional()
      .meta({ description: "Only verifications of this context." }),
    created_after: z.iso
      .datetime()
      .optional()
      .meta({ description: "Only verifications made at or after this time (the dashboard's range)." }),
    created_before: z.iso
      .datetime()
      .optional()
      .meta({ description: "Only verifications made before this time." }),
  })
  .strict();

export const verificationCheckSchema = z
  .object({
    // every name a check may have: a tree-head anchor's list holds the batch anchors' and the log's
    name: z.enum(TREE_HEAD_CHECK_NAMES),
    status: z.enum(CHECK_STATUSES).meta({
      description:
        "`passed`, `failed`, or `not_run`: the check could not run and did not fail (canonical_context and " +
        "hash_matches of a context whose data was erased, when the data is not supplied).",
    }),
    ok: z.boolean().meta({ description: "True exactly when `status` is `passed`." }),
    reason: z.string().meta({ description: "Why it failed or did not run, or what it established." }),
  })
  .meta({ id: "VerificationCheck" });

export const verificationSchema = z
  .object({
    verification_id: z.string(),
    context_id: z.string().nullable().meta({ description: "Set when verified by context_id." }),
    transaction_hash: hash32Schema.nullable().meta({
      description:
        "The transaction checked (lowercase). Null only when verifying by `context_id` a context that was " +
        "never anchored (pending before its broadcast, or failed before one): there is no transaction to check.",
    }),
    verdict: z.enum(VERIFICATION_VERDICTS).meta({
      description:
        "`verified`: every check ran and passed, the required confirmations included. " +
        "`verified_data_unavailable`: the context's data was erased (and not supplied), so the two data " +
        "checks did not run (`not_run`); every other check passed: the hash, signature, entry, Merkle, anchor " +
        "and confirmation checks prove what was logged, without the data. `failed`: a check that ran failed.",
    }),
    verified: z.boolean().meta({
      description:
        "True for both verified verdicts (`verified`, `verified_data_unavailable`); read `verdict`.",
    }),
    data_erased: z.boolean().meta({
      description: "The data checks did not run: the context's data was erased and none was supplied.",
    }),
    agent_id: z.string(),
    context_hash: hash32Schema.meta({
      description: "Recomputed from the data (RFC 8785 canonical JSON, keccak256).",
    }),
    signature_valid: z.boolean(),
    hash_matches: z.boolean(),
    block_number: z
      .int()
      .nullable()
      .meta({
        description:
          "Block of the transaction's receipt. Null when the node has no receipt: there is no transaction " +
          "(verifying by `context_id` a context never anchored), or the chain does not know the hash " +
          "(never sent, not mined yet, or dropped by a reorg). Supplied data that matches no context still " +
          "gets the block of a transaction that exists.",
      }),
    confirmations: z.int(),
    verification_time_ms: z.int(),
    checks: z.array(verificationCheckSchema).meta({
      description:
        "canonical_context, hash_matches, signature_valid, merkle_proof, transaction, anchored_log, " +
        "anchor_submitter, block, confirmations — in that order. A context anchored by the transparency " +
        "log's tree head has checkpoint_signature, witness_cosignatures and log_consistency after merkle_proof " +
        "(its RFC 6962 inclusion proof), as a version 4 proof bundle's checks.",
    }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Verification" });

export type VerificationResource = z.infer<typeof verificationSchema>;
