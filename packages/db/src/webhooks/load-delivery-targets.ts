import {
  type EndpointState,
  openSecret,
  renderStoredPayload,
  type SecretKeyring,
  type StoredSecret,
} from "@ctxlog/core";
import {
  REFERENCED_COLUMNS,
  REFERENCED_JOINS,
  type ReferencedRow,
  referencedContext,
} from "../events/render-payloads";
import type { DbOrTx } from "../prisma-types";
import { prismaSql } from "../sql-transaction";
import { eventIdBounds } from "./event-id-bounds";

/**
 * Everything one attempt needs, read in one query: the delivery, its webhook and the body (the
 * stored payload, a template completed from its context).
 */
export interface DeliveryTarget {
  id: string;
  webhookId: string;
  /** the event's id: the partition key of the delivery and its attempts */
  eventId: string;
  event: string;
  status: "pending" | "succeeded" | "failed";
  /** attempts made in the current cycle */
  attempts: number;
  cycle: number;
  nextAttemptAt: Date | null;
  url: string;
  secret: string;
  /** the pre-rotation secret while its overlap lasts, else null */
  previousSecret: string | null;
  /** its endpoint's state is `deleted` (ctxlog_endpoint_state) */
  webhookDeleted: boolean;
  /** `disabled`: it receives nothing (its queued deliveries were abandoned when it was disabled) */
  webhookDisabled: boolean;
  /** deliveries per second across every worker; null: unthrottled */
  rateLimit: number | null;
  /** the exact bytes to sign and send */
  payload: string;
}

/** A target as read: its secrets still sealed (openDeliveryTarget opens them). */
export interface StoredDeliveryTarget extends Omit<DeliveryTarget, "secret" | "previousSecret"> {
  secret: StoredSecret;
  previousSecret: StoredSecret | null;
}

interface Row extends Omit<ReferencedRow, "id"> {
  id: string;
  webhook_id: string;
  event_id: string;
  event: string;
  status: DeliveryTarget["status"];
  attempts: number;
  cycle: number;
  next_attempt_at: Date | null;
  url: string;
  secret: string;
  secret_key_id: string | null;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
  endpoint_state: EndpointState;
  rate_limit: number | null;
  payload: string;
  context_id: string | null;
  event_context_id: string | null;
  event_created_at: Date | string;
}

const LOAD_TARGETS_SQL = `
    SELECT d.id, d.webhook_id, d.event_id, d.event, d.status::text AS status, d.attempts, d.cycle, d.next_attempt_at,
           w.url, w.secret, w.secret_key_id,
           CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret,
           w.previous_secret_key_id,
           ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS endpoint_state, w.rate_limit,
           e.payload, e.context_id AS event_context_id, e.created_at AS event_created_at,
           c.id AS context_id, ${REFERENCED_COLUMNS}
      FROM webhook_deliveries d
      JOIN webhooks w ON w.id = d.webhook_id
      JOIN outbox_events e ON e.id = d.event_id
      -- a template's context (event-references.ts): what the stored payload leaves out
      LEFT JOIN contexts c ON c.id = e.context_id AND left(e.payload, 1) = '~'
      ${REFERENCED_JOINS}
     -- by their events (the key (event_id, webhook_id): no index holds a delivery's id alone),
     -- planned for the events' days alone
     WHERE d.event_id = ANY ($4::text[]) AND d.id = ANY ($1::text[])
       AND d.event_id BETWEEN $2::text AND $3::text AND e.id BETWEEN $2::text AND $3::text`;

/**
 * The event ids of deliveries named by id alone (jobs queued before jobs carried the event id): a
 * scan of every day, since no index holds a delivery's id alone. Only such old jobs take it.
 */
async function eventIdsOf(db: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = await prismaSql(db)<{ event_id: string }>(
    "SELECT event_id FROM webhook_deliveries WHERE id = ANY ($1::text[])",
    [ids],
  );
  return rows.map((r) => r.event_id);
}

/** A delivery to load: its id, and its event's id (with the webhook, its key) when the job carries it. */
export interface DeliveryTargetRef {
  id: string;
  eventId?: string;
}

/** The targets of many deliveries in one round-trip (the worker batches concurrent jobs). */
export async function loadDeliveryTargets(
  db: DbOrTx,
  refs: readonly DeliveryTargetRef[],
): Promise<Map<string, StoredDeliveryTarget>> {
  if (refs.length === 0) return new Map();
  const ids = [...new Set(refs.map((r) => r.id))];
  const eventIds = refs.flatMap((r) => (r.eventId === undefined ? [] : [r.eventId]));
  const unkeyed = refs.filter((r) => r.eventId === undefined).map((r) => r.id);
  if (unkeyed.length > 0) eventIds.push(...(await eventIdsOf(db, unkeyed)));
  if (eventIds.length === 0) return new Map();
  const { lo, hi } = eventIdBounds(eventIds.map((eventId) => ({ eventId })));
  const rows = await prismaSql(db)<Row>(LOAD_TARGETS_SQL, [ids, lo, hi, [...new Set(eventIds)]]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        webhookId: r.webhook_id,
        eventId: r.event_id,
        event: r.event,
        status: r.status,
        attempts: r.attempts,
        cycle: r.cycle,
        nextAttemptAt: r.next_attempt_at,
        url: r.url,
        secret: { value: r.secret, keyId: r.secret_key_id },
        previousSecret:
          r.previous_secret === null ? null : { value: r.previous_secret, keyId: r.previous_secret_key_id },
        webhookDeleted: r.endpoint_state === "deleted",
        webhookDisabled: r.endpoint_state === "disabled",
        rateLimit: r.rate_limit,
        // the same bytes on every attempt: rendered from fields of the context that do not change
        payload: renderStoredPayload(r.payload, r.context_id === null ? null : referencedContext(r), {
          createdAt: new Date(r.event_created_at),
          contextId: r.event_context_id,
        }),
      },
    ]),
  );
}

/**
 * The target with its secrets decrypted, one target at a time: a secret that cannot be opened
 * (a key missing from the configuration) fails its own delivery only, with SecretDecryptionError.
 */
export function openDeliveryTarget(target: StoredDeliveryTarget, keyring: SecretKeyring): DeliveryTarget {
  return {
    ...target,
    secret: openSecret(keyring, target.secret, target.webhookId),
    previousSecret: target.previousSecret && openSecret(keyring, target.previousSecret, target.webhookId),
  };
}
