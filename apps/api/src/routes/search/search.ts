import { searchRecords } from "@ctxlog/db";
import { z } from "zod";
import type { ApiDeps } from "../../deps";
import { defineRoute, type RouteHandler } from "../route-spec";

export const searchQuerySchema = z
  .object({
    q: z.string().min(1).max(200).meta({
      description:
        "An id (ctx_…, vrf_…, whk_…, dlv_…, evt_…), a context hash, an entry hash or a transaction hash (0x + 64 hex), an OTLP trace id (32 hex), or an agent_id or the start of one (case aside).",
      example: "0x5c2f0d3e…",
    }),
  })
  .strict();

export const searchResultSchema = z
  .object({
    query: z.string(),
    results: z.array(
      z.object({
        kind: z.enum(["context", "agent", "trace", "verification", "webhook", "delivery", "event"]),
        id: z.string().meta({ description: "The record's id; for an agent, its agent_id." }),
        matched: z
          .enum([
            "context_id",
            "context_hash",
            "entry_hash",
            "transaction_hash",
            "agent_id",
            "agent_id_prefix",
            "trace_id",
            "verification_id",
            "webhook_id",
            "delivery_id",
            "event_id",
          ])
          .meta({
            description:
              "What the query was equal to (agent_id_prefix: what the agent's id starts with, case aside).",
          }),
        webhook_id: z
          .string()
          .nullable()
          .meta({ description: "A delivery's webhook; null for other kinds." }),
        context_id: z.string().nullable().meta({
          description: "A trace's first context, whose page shows the trace; null for other kinds.",
        }),
      }),
    ),
  })
  .meta({
    id: "SearchResult",
    description:
      "Every record of the user the query names: ids and hashes exactly, agents also by the start of their id (case aside); contexts of one hash and agents of one prefix up to 20 each.",
  });

/** GET /v1/search?q= — what one pasted id, hash, trace id or agent name (or its start) is. */
function search({ db }: ApiDeps): RouteHandler<{ query: typeof searchQuerySchema }> {
  return async ({ query, auth, res }) => {
    const hits = await searchRecords(db, auth.userId, query.q);
    res.json({
      query: query.q,
      results: hits.map((h) => ({
        kind: h.kind,
        id: h.id,
        matched: h.matched,
        webhook_id: h.webhookId,
        context_id: h.contextId,
      })),
    });
  };
}

export const searchRoutes = [
  defineRoute({
    tag: "Search",
    // it finds webhooks, deliveries and events too: full keys and dashboard sessions, as /events
    permission: "webhooks:manage",
    method: "get",
    path: "/search",
    operationId: "search",
    summary:
      "Find a context, agent, trace, verification, webhook, delivery or event by its id or one of its hashes",
    query: searchQuerySchema,
    success: { status: 200, description: "What the query names", schema: searchResultSchema },
    errors: [400, 403],
    handler: search,
  }),
];
