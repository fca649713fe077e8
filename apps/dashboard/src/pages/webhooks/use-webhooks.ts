import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { useChangeMutation, useRecordMutation, useSecretMutation } from "../../api/mutations";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Webhook, WebhookDelivery, WebhookEvent } from "../../api/schema";

export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
  description: string;
  /** deliveries per second; null: no limit */
  rate_limit?: number | null;
  /** a secret of one's own, on creation only (omitted: one is generated) */
  secret?: string;
}

/** The health values a webhook list can be filtered by, each once (typed by the API's). */
export const WEBHOOK_HEALTH_FILTERS: readonly Webhook["health"][] = Object.keys({
  active: true,
  degraded: true,
  failing: true,
  disabled: true,
} satisfies Record<Webhook["health"], true>) as Webhook["health"][];

export function useWebhooks(health: Webhook["health"] | "" = "") {
  const api = useApi();
  return usePagedQuery<Webhook>({
    queryKey: [...queryKeys.webhooks, { health }],
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/webhooks", {
          params: { query: { limit: 25, cursor, ...(health ? { health } : {}) } },
        }),
      ),
  });
}

export function useWebhook(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.webhook(id),
    queryFn: () => unwrap(api.GET("/webhooks/{id}", { params: { path: { id } } })),
  });
}

/** The answer carries the new signing secret. */
export function useCreateWebhook() {
  return useSecretMutation(
    (api, body: WebhookInput) => unwrap(api.POST("/webhooks", { body })),
    queryKeys.webhooksAll,
  );
}

/** The answer carries the new signing secret. */
export function useRotateSecret(id: string) {
  return useSecretMutation(
    (api) => unwrap(api.POST("/webhooks/{id}/rotate-secret", { params: { path: { id } } })),
    queryKeys.webhook(id),
  );
}

/** PUT: only the fields given change. */
export function useUpdateWebhook(id: string) {
  return useRecordMutation(
    (api, body: Partial<WebhookInput> & { disabled?: boolean }) =>
      unwrap(api.PUT("/webhooks/{id}", { params: { path: { id } }, body })),
    queryKeys.webhook(id),
    queryKeys.webhooks,
  );
}

/** POST …/recover: every delivery that ended failed in [since, until) gets a new cycle. */
export function useRecoverWebhook(id: string) {
  return useChangeMutation(
    (api, window: { since: string; until?: string }) =>
      unwrap(api.POST("/webhooks/{id}/recover", { params: { path: { id } }, body: window })),
    queryKeys.deliveriesOf(id),
  );
}

/** Attempts and successes per time bucket over a window (GET …/stats). */
export function useWebhookStats(id: string, window: { since: string; until: string }) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.webhookStats(id, window),
    queryFn: () => unwrap(api.GET("/webhooks/{id}/stats", { params: { path: { id }, query: window } })),
  });
}

export function useDeleteWebhook(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE("/webhooks/{id}", { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.webhook(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
    },
  });
}

export function useSendTestEvent(id: string) {
  return useChangeMutation(
    (api, event: WebhookEvent) =>
      unwrap(api.POST("/webhooks/{id}/test", { params: { path: { id } }, body: { event } })),
    queryKeys.deliveriesOf(id),
  );
}

/** How often pending deliveries are asked for again; an object so the component test can shorten it. */
export const DELIVERY_POLL = { ms: 3000 };

// every state the API gives (its generated type): a state added there and not here fails to compile
const DELIVERY_STATE_OPEN: Record<WebhookDelivery["status"], boolean> = {
  pending: true,
  retrying: true,
  succeeded: false,
  failed: false,
};
export const DELIVERY_STATUSES = Object.keys(DELIVERY_STATE_OPEN) as WebhookDelivery["status"][];
/** Still to be sent: due now (pending) or again at next_attempt_at (retrying); polled until it ends. */
export const isDeliveryOpen = (status: WebhookDelivery["status"]): boolean => DELIVERY_STATE_OPEN[status];
export type DeliveryStatusFilter = "" | WebhookDelivery["status"];

export function useDeliveries(webhookId: string, status: DeliveryStatusFilter) {
  const api = useApi();
  return usePagedQuery<WebhookDelivery>({
    queryKey: queryKeys.deliveries(webhookId, { status }),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/webhooks/{id}/deliveries", {
          params: { path: { id: webhookId }, query: { limit: 25, cursor, ...(status ? { status } : {}) } },
        }),
      ),
    pollWhile: (items) => items.some((delivery) => isDeliveryOpen(delivery.status)),
    pollMs: DELIVERY_POLL.ms,
  });
}

/**
 * A webhook's status (`active` / `failing`) follows the outcome of its deliveries, so whenever a
 * delivery shown on its page settles or appears, the webhook is asked for again: the page never
 * shows a failed delivery under an `active` webhook.
 */
export function useFollowWebhookStatus(webhookId: string, deliveries: WebhookDelivery[]) {
  const queryClient = useQueryClient();
  const outcomes = deliveries.map((delivery) => `${delivery.delivery_id}:${delivery.status}`).join(",");
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== outcomes) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhook(webhookId) });
    }
    seen.current = outcomes;
  }, [outcomes, queryClient, webhookId]);
}

export function useDelivery(webhookId: string, deliveryId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.delivery(webhookId, deliveryId),
    queryFn: () =>
      unwrap(
        api.GET("/webhooks/{id}/deliveries/{delivery_id}", {
          params: { path: { id: webhookId, delivery_id: deliveryId } },
        }),
      ),
    refetchInterval: (query) =>
      query.state.data && isDeliveryOpen(query.state.data.status) ? DELIVERY_POLL.ms : false,
  });
}

/** The delivery, its webhook's status and lists all change: everything of webhooks is asked for again. */
export function useRetryDelivery(webhookId: string, deliveryId: string) {
  return useChangeMutation(
    (api) =>
      unwrap(
        api.POST("/webhooks/{id}/deliveries/{delivery_id}/retry", {
          params: { path: { id: webhookId, delivery_id: deliveryId } },
        }),
      ),
    queryKeys.webhooksAll,
  );
}
