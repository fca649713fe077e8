import { deliveryState, type EventName } from "@ctxlog/core";
import type { StoredEvent } from "@ctxlog/db";
import type { EventResource } from "./schemas";

/** The public shape of a recorded event: the stored envelope parsed back (JSON.stringify gives its bytes). */
export function eventResource(row: StoredEvent): EventResource {
  return {
    event_id: row.id,
    type: row.event as EventName,
    created_at: row.createdAt.toISOString(),
    envelope: JSON.parse(row.payload) as EventResource["envelope"],
    deliveries: row.deliveries.map((d) => ({
      delivery_id: d.id,
      webhook_id: d.webhookId,
      status: deliveryState(d),
    })),
  };
}
