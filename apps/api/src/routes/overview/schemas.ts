import { z } from "zod";
import { addressSchema } from "../shared-schemas";

const count = z.int().min(0);

/** The overview's `anchoring`, and GET /v1/anchoring/status alone (the console's header polls it). */
export const anchoringStatusSchema = z
  .object({
    state: z.enum(["ok", "stalled", "failing", "wrong_chain", "unknown"]).meta({
      description:
        "ok; stalled: contexts pending past the threshold; failing: the newest batch to end failed (its " +
        "contexts failed: e.g. the anchor key cannot pay the gas), until a batch confirms again; wrong_chain: " +
        "the chain worker refused to start (its RPC serves another chain than this database's); unknown: no " +
        "chain worker has reported yet.",
    }),
    behind_seconds: count.meta({
      description: "Age of the oldest pending context (the service's); 0 when none.",
    }),
    threshold_seconds: count.meta({
      description: "Pending longer than this is a stall: max(60 s, 10 × the expected confirmation time).",
    }),
    reason: z.string().nullable().meta({ description: "Why, when not ok: the chain worker's last error." }),
    reported_at: z.iso.datetime().nullable().meta({ description: "When the chain worker last reported." }),
    last_anchored_at: z.iso.datetime().nullable().meta({
      description: "When the service's newest confirmed batch was confirmed; null before the first.",
    }),
  })
  .meta({
    id: "AnchoringStatus",
    description: "Whether anchoring keeps up, as the chain worker reports it (table anchoring_health).",
  });

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
      signer_address: addressSchema.meta({
        description: "The attestation key: signs context hashes and receipts; it pays no gas.",
      }),
      anchor_address: addressSchema.nullable().meta({
        description:
          "The anchor key: sends the anchor transactions and pays their gas; null until the chain worker has published it.",
      }),
      anchor_balance_wei: z
        .string()
        .regex(/^\d+$/)
        .nullable()
        .meta({
          description:
            "The anchor key's balance in decimal wei (what anchoring spends); null without RPC_URL, before the " +
            "anchor key is known, or when the node did not answer.",
        }),
      batches_waiting: count.meta({ description: "Batches not yet confirmed or failed (the service's)." }),
    }),
    anchoring: anchoringStatusSchema,
    webhooks_by_status: z.object({ active: count, failing: count, disabled: count }).meta({
      description:
        "Endpoints by `status`, the same states GET /v1/webhooks shows: a disabled one is only `disabled`, " +
        "a degraded one `active`.",
    }),
    webhooks_by_health: z.object({ active: count, degraded: count, failing: count, disabled: count }).meta({
      description:
        "Endpoints by `health`, as GET /v1/webhooks shows it and the webhook worker's " +
        "webhook_endpoints metric counts it: `degraded` from an endpoint's first failed attempt.",
    }),
    deliveries_failed_24h: count.meta({
      description:
        "Deliveries failed in the last 24 hours: those whose last attempt was in them, and those failed " +
        "with no attempt (their endpoint disabled or deleted first) created in them.",
    }),
  })
  .meta({ id: "Overview" });
