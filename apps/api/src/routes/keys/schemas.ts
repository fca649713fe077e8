import { API_KEY_TYPES } from "@ctxlog/core";
import { z } from "zod";
import { paginationQuerySchema } from "../shared-schemas";

const timestamp = z.iso.datetime();
const keyStatus = z.enum(["active", "revoked", "expired"]);

export const listKeysQuerySchema = paginationQuerySchema.extend({ status: keyStatus.optional() }).strict();

export const keyIdParamsSchema = z.object({
  key_id: z.string().meta({ example: "key_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

export const keySchema = z
  .object({
    key_id: z.string(),
    name: z.string().nullable(),
    type: z.enum(API_KEY_TYPES),
    display_prefix: z
      .string()
      .meta({ description: "The key's first characters, to tell keys apart.", example: "sk_Ab3x" }),
    plan: z.string().meta({ description: "The user's plan, which sizes the rate limit every key shares." }),
    agent_patterns: z.array(z.string()),
    created_at: timestamp,
    last_used_at: timestamp.nullable().meta({ description: "Updated at most once a minute." }),
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    status: keyStatus,
  })
  .meta({ id: "ApiKey" });

const plaintextKey = z.string().meta({
  description: "The key itself: shown in this response only, never again. Store it now.",
  example: "sk_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh",
});

export const createdKeySchema = keySchema.extend({ key: plaintextKey }).meta({ id: "CreatedApiKey" });

export const rolledKeySchema = keySchema
  .extend({
    key: plaintextKey,
    previous: keySchema.meta({ description: "The key replaced; it works until its `expires_at`." }),
  })
  .meta({ id: "RolledApiKey" });

export const createKeyBodySchema = z
  .strictObject({
    type: z.enum(API_KEY_TYPES),
    name: z.string().trim().min(1).max(100).optional(),
    agent_patterns: z.array(z.string().min(1).max(128)).max(50).optional().meta({
      description:
        "Required and non-empty for `restricted` keys; refused for the other types. `*` = any run of characters.",
    }),
    expires_in_days: z.int().min(1).max(3650).optional(),
  })
  .meta({ id: "CreateApiKeyRequest" });

export const rollKeyBodySchema = z
  .strictObject({
    overlap_hours: z
      .number()
      .min(0)
      .max(720)
      .default(24)
      .meta({ description: "How long the old key keeps working (0 = it stops now)." }),
  })
  .meta({ id: "RollApiKeyRequest" });
