import { AppError, MAX_SERIES_SPAN_MS } from "@ctxlog/core";
import { type AnchoringCostSums, readAnchoringCosts } from "@ctxlog/db";
import { z } from "zod";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";

const timestamp = z.iso.datetime();
const count = z.int().min(0);
const wei = z.string().regex(/^\d+$/);

export const anchoringCostsQuerySchema = z
  .object({
    since: timestamp
      .optional()
      .meta({ description: "Start of the window (default: 7 days before `until`)." }),
    until: timestamp
      .optional()
      .meta({ description: "End, exclusive (default: now); at most 31 days after `since`." }),
  })
  .strict();

const costFields = {
  contexts: count.meta({ description: "Your contexts confirmed (their batch confirmed) in the period." }),
  batches: count.meta({
    description: "The batches that anchored them; other accounts' contexts may share them.",
  }),
  gas: wei.meta({
    description:
      "Your share of those batches' gas: each batch's gas_used split evenly over its contexts, decimal.",
  }),
  fee_wei: wei.meta({
    description:
      "Your share of their fees (gas_used × the receipt's effectiveGasPrice), in wei of the chain's native " +
      "currency; only batches whose gas price was recorded (priced_contexts of the contexts).",
  }),
  priced_contexts: count.meta({
    description: "Contexts whose batch's gas price is known: fee_wei and fee_per_context_wei cover these.",
  }),
  gas_per_batch: z
    .int()
    .min(0)
    .nullable()
    .meta({ description: "Mean gas of a whole batch; null with none." }),
  gas_per_context: z.int().min(0).nullable().meta({
    description: "Mean gas per context (a batch's gas over its contexts), rounded; null with none.",
  }),
  fee_per_batch_wei: wei
    .nullable()
    .meta({ description: "Mean fee of a whole priced batch, in wei; null with none." }),
  fee_per_context_wei: wei
    .nullable()
    .meta({ description: "Mean fee per priced context, in wei; null with none." }),
};

export const anchoringCostsSchema = z
  .object({
    since: timestamp,
    until: timestamp,
    days: z
      .array(z.object({ day: z.iso.date().meta({ description: "A UTC day of the window." }), ...costFields }))
      .meta({
        description:
          "Every UTC day the window touches, oldest first, zero-filled; by the day batches confirmed.",
      }),
    total: z.object(costFields).meta({ description: "The whole window." }),
  })
  .meta({ id: "AnchoringCosts" });

type CostFields = z.infer<z.ZodObject<typeof costFields>>;

/** Integer mean, rounded half up; null over nothing. */
const mean = (sum: bigint, n: number): bigint | null =>
  n === 0 ? null : (sum * 2n + BigInt(n)) / (2n * BigInt(n));

/** A period's sums as the API shows them, with its means per batch and per context. */
export function costFieldsOf(s: AnchoringCostSums): CostFields {
  const perBatch = mean(s.batchGas, s.batches);
  const perContext = mean(s.gas, s.contexts);
  return {
    contexts: s.contexts,
    batches: s.batches,
    gas: s.gas.toString(),
    fee_wei: s.feeWei.toString(),
    priced_contexts: s.pricedContexts,
    gas_per_batch: perBatch === null ? null : Number(perBatch),
    gas_per_context: perContext === null ? null : Number(perContext),
    fee_per_batch_wei: mean(s.batchFeeWei, s.pricedBatches)?.toString() ?? null,
    fee_per_context_wei: mean(s.feeWei, s.pricedContexts)?.toString() ?? null,
  };
}

const WEEK = 7 * 86_400_000;

/** GET /v1/anchoring/costs — what anchoring the caller's contexts cost, per day and over a window. */
export function getAnchoringCosts({
  db,
}: ApiDeps): RouteHandler<{ query: typeof anchoringCostsQuerySchema }> {
  return async ({ query, auth, res }) => {
    const until = query.until ? new Date(query.until) : new Date();
    const since = query.since ? new Date(query.since) : new Date(until.getTime() - WEEK);
    if (until <= since) throw new AppError("VALIDATION_ERROR", "until must be after since.");
    if (until.getTime() - since.getTime() > MAX_SERIES_SPAN_MS) {
      throw new AppError("VALIDATION_ERROR", "The window is at most 31 days.");
    }
    const costs = await readAnchoringCosts(db, auth.userId, { since, until });
    res.json({
      since: since.toISOString(),
      until: until.toISOString(),
      days: costs.days.map((d) => ({ day: d.day, ...costFieldsOf(d) })),
      total: costFieldsOf(costs.total),
    } satisfies z.infer<typeof anchoringCostsSchema>);
  };
}
