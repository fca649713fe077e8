import { z } from "zod";
import { addressSchema } from "../shared-schemas";

const count = z.int().min(0);

export const overviewSchema = z
  .object({
    contexts_by_status: z.object({ pending: count, confirmed: count, failed: count }),
    contexts_per_minute: z
      .array(z.object({ minute: z.iso.datetime(), count }))
      .length(60)
      .meta({ description: "The last hour, minute by minute (the current minute last), zero-filled." }),
    avg_confirmation_seconds: z.number().min(0).nullable().meta({
      description:
        "Mean POST → confirmed time of the contexts confirmed in the last 24 hours; null when none.",
    }),
    chain: z.object({
      network: z.string(),
      chain_id: z.int().nullable().meta({ description: "null until the chain worker has reported." }),
      head_block: z.int().min(0).nullable(),
      signer_address: addressSchema,
      signer_balance_wei: z
        .string()
        .regex(/^\d+$/)
        .nullable()
        .meta({ description: "Decimal wei; null when the API has no RPC_URL or the node did not answer." }),
      batches_waiting: count.meta({ description: "Batches not yet confirmed or failed (the service's)." }),
    }),
    webhooks_by_status: z.object({ active: count, failing: count, disabled: count }).meta({
      description:
        "Endpoints by `status`, the same states GET /v1/webhooks shows: a disabled one is only `disabled`.",
    }),
    deliveries_failed_24h: count,
  })
  .meta({ id: "Overview" });
