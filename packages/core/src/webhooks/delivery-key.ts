import { isId } from "../ids";

/**
 * A delivery is one event sent to one webhook, so its event and its webhook are its key (the key
 * of webhook_deliveries, and of its attempts with their cycle and number): the worker's jobs, the
 * fan-out and every statement name a delivery by it.
 */
export interface DeliveryKey {
  eventId: string;
  webhookId: string;
}

/**
 * The key as one string, for a job's id and a map's key: `<event id>.<webhook id>` (ids hold no
 * dot, and BullMQ refuses a job id with a colon).
 */
export function deliveryKeyText(key: DeliveryKey): string {
  return `${key.eventId}.${key.webhookId}`;
}

const EVENT = "evt_";
const DELIVERY = "dlv_";

/**
 * A delivery's public id: its event's, as `dlv_` (the ULID is the event's). The API's paths name
 * the webhook beside it, so within a webhook it is unique; across a user's webhooks it is the same
 * for one event, which is what Standard Webhooks' `webhook-id` means (one message's id, the same at
 * every endpoint, as Svix sends it) and what the worker sends as it.
 */
export function deliveryIdOf(eventId: string): string {
  if (!isId(eventId, "evt")) throw new TypeError(`not an event id: ${JSON.stringify(eventId)}`);
  return DELIVERY + eventId.slice(EVENT.length);
}

/** The event a public delivery id names, or null for something that is not a delivery id. */
export function eventIdOfDelivery(deliveryId: string): string | null {
  return isId(deliveryId, "dlv") ? EVENT + deliveryId.slice(DELIVERY.length) : null;
}
