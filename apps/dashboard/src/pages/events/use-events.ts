import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Schemas, WebhookEvent } from "../../api/schema";

export type RecordedEvent = Schemas["Event"];

export interface EventFilters {
  type: "" | WebhookEvent;
  /** none: every time */
  since?: string;
  until?: string;
}

export function useEvents(filters: EventFilters) {
  const api = useApi();
  return usePagedQuery<RecordedEvent>({
    queryKey: queryKeys.events(filters),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/events", {
          params: {
            query: {
              limit: 25,
              cursor,
              ...(filters.since ? { created_after: filters.since, created_before: filters.until } : {}),
              ...(filters.type ? { type: filters.type } : {}),
            },
          },
        }),
      ),
  });
}

export function useEventTypes() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.eventTypes, queryFn: () => unwrap(api.GET("/event-types")) });
}

/**
 * The event types a webhook can subscribe to, from the catalog (GET /v1/event-types): never a list
 * kept here, so a type the API adds shows up in every picker. Empty while the catalog loads.
 */
export function useEventTypeNames(): WebhookEvent[] {
  const types = useEventTypes();
  return (types.data?.data ?? []).map((t) => t.type as WebhookEvent);
}

export function useEvent(eventId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.event(eventId),
    queryFn: () => unwrap(api.GET("/events/{event_id}", { params: { path: { event_id: eventId } } })),
  });
}
