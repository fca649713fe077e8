import {
  type DeliveryKey,
  deliveryIdOf,
  deliveryKeyText,
  openSecret,
  type ReferencedContext,
  renderStoredPayload,
  type SecretKeyring,
  type StoredSecret,
} from "@ctxlog/core";
import { hexReferences, referencedContext } from "../events/render-payloads";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { eventIdBounds } from "./event-id-bounds";
import { deliveryTargetsOf, type IDeliveryTargetsOfResult } from "./load-delivery-targets.queries";

/**
 * Everything one attempt needs, read in one statement (load-delivery-targets.sql): the delivery,
 * its webhook and the body (the stored payload, a reference rendered from its context).
 */
export interface DeliveryTarget extends DeliveryKey {
  /** its public id (delivery-key.ts): what the headers carry */
  id: string;
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

type Row = IDeliveryTargetsOfResult;

/**
 * The context a reference renders from, from the row's ctxlog_context_references columns: null for
 * an envelope, or a context no longer there (these columns of contexts are NOT NULL: they are null
 * together, when no context joined).
 */
function referencedContextOf(r: Row): ReferencedContext | null {
  const { context_id: id, agent_id, context_hash, signature, created_at } = r;
  if (
    id === null ||
    agent_id === null ||
    context_hash === null ||
    signature === null ||
    created_at === null
  ) {
    return null;
  }
  return referencedContext(hexReferences({ ...r, agent_id, context_hash, signature, created_at }));
}

/**
 * The targets of many deliveries in one round-trip (the worker batches concurrent jobs), by their
 * keys as their jobs name them; the map's keys are deliveryKeyText's.
 */
export async function loadDeliveryTargets(
  db: DbOrTx,
  keys: readonly DeliveryKey[],
): Promise<Map<string, StoredDeliveryTarget>> {
  if (keys.length === 0) return new Map();
  const { lo, hi } = eventIdBounds(keys);
  const unique = [...new Map(keys.map((k) => [deliveryKeyText(k), k])).values()];
  const rows = await runQuery(
    deliveryTargetsOf,
    { webhookIds: unique.map((k) => k.webhookId), eventIds: unique.map((k) => k.eventId), lo, hi },
    sqlOf(db),
  );
  return new Map(
    rows.map((r) => [
      deliveryKeyText({ eventId: r.event_id, webhookId: r.webhook_id }),
      {
        id: deliveryIdOf(r.event_id),
        webhookId: r.webhook_id,
        eventId: r.event_id,
        event: r.event,
        status: r.status,
        attempts: r.attempts,
        cycle: r.cycle,
        nextAttemptAt: r.next_attempt_at,
        url: r.url,
        secret: { value: r.secret, keyId: r.secret_key_id },
        // both or neither (rotate-webhook-secret.sql writes them together)
        previousSecret:
          r.previous_secret === null || r.previous_secret_key_id === null
            ? null
            : { value: r.previous_secret, keyId: r.previous_secret_key_id },
        webhookDeleted: r.endpoint_state === "deleted",
        webhookDisabled: r.endpoint_state === "disabled",
        rateLimit: r.rate_limit,
        // the same bytes on every attempt: rendered from fields of the context that do not change
        payload: renderStoredPayload(r.payload, referencedContextOf(r), {
          createdAt: r.event_created_at,
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
