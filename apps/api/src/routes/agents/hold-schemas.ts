import { z } from "zod";
import { paginationQuerySchema } from "../shared-schemas";
import { agentParamsSchema } from "./schemas";

const timestamp = z.iso.datetime();

export const holdParamsSchema = agentParamsSchema.extend({
  // any id-shaped string: one that names no hold of the agent is a 404, as another user's
  hold_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "a hold id (hld_…)")
    .meta({ example: "hld_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

export const listHoldsQuerySchema = paginationQuerySchema.strict();

export const placeHoldBodySchema = z
  .strictObject({
    reason: z.string().trim().min(1).max(500).meta({
      description: "Why the agent's data must be kept (at most 500 characters): recorded with the hold.",
      example: "litigation hold: case 2026-CV-0142",
    }),
  })
  .meta({ id: "PlaceLegalHold" });

export const legalHoldSchema = z
  .object({
    hold_id: z.string(),
    agent_id: z.string(),
    reason: z.string(),
    placed_at: timestamp,
    placed_by: z.string().meta({ description: "`key:<id>` or `account:<id>` (a dashboard session)." }),
    released_at: timestamp.nullable().meta({ description: "Null while the hold is active." }),
    released_by: z
      .string()
      .nullable()
      .meta({ description: "`key:<id>` or `account:<id>`; null while active." }),
  })
  .meta({
    id: "LegalHold",
    description:
      "A legal hold on an agent: while one is active (released_at null), no erasure of the agent's " +
      "contexts' data runs (DELETE …/data answers 409 CONFLICT; retention skips them). Released holds " +
      "stay listed: the holds are the record.",
  });
