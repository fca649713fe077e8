import type { ContextStatus } from "./contexts/context-lifecycle";
import type { ErrorCode } from "./errors";
import type {
  AnchorProofData,
  CatalogEventName,
  ChainLinkData,
  ContextConfirmedData,
  ContextCreatedData,
  ContextFailedData,
} from "./webhooks/event-schemas";

export type { ContextConfirmedData, ContextCreatedData, ContextFailedData };

export const EVENT_NAMES = [
  "context.created",
  "context.confirmed",
  "context.failed",
  // the context's data was erased (its hashes and proof remain)
  "context.erased",
  "verification.completed",
  // operational: one of the user's endpoints was disabled (sent to the others)
  "webhook.disabled",
] as const satisfies readonly CatalogEventName[];
export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: unknown): value is EventName {
  return (EVENT_NAMES as readonly unknown[]).includes(value);
}

export type EnvelopeInput = { event: EventName; timestamp: Date; data: unknown; test?: boolean };

/**
 * The webhook body, serialised once when the event is produced and stored as text: these exact
 * bytes are what gets HMAC-signed and sent on every attempt, so a retry can never differ from the
 * first try. Key order is fixed (event, timestamp, data[, test]) by construction.
 */
export function serializeEnvelope(input: EnvelopeInput): string {
  if (!isEventName(input.event)) throw new TypeError(`unknown event: ${String(input.event)}`);
  const envelope: Record<string, unknown> = {
    event: input.event,
    timestamp: input.timestamp.toISOString(),
    data: input.data,
  };
  // Only present when true, so receivers can branch on `body.test` and production bodies stay
  // exactly the spec's three fields.
  if (input.test === true) envelope.test = true;
  return JSON.stringify(envelope);
}

export type { ContextStatus };

/**
 * What the payload builders need from a context, decoupled from the database row type: packages/db
 * maps its row onto this, and core stays free of Prisma.
 */
export interface ContextView {
  id: string;
  agentId: string;
  transactionHash: string | null;
  contextHash: string;
  signature: string;
  status: ContextStatus;
  createdAt: Date;
  estimatedConfirmation: Date | null;
  contextData: unknown;
  metadata: unknown;
  blockNumber: bigint | null;
  blockTimestamp: Date | null;
  confirmations: number;
  network: string;
  gasUsed: bigint | null;
  confirmationTimeSeconds: number | null;
  errorCode: ErrorCode | null;
  errorMessage: string | null;
  errorDetails: unknown;
  retryPossible: boolean | null;
  failureReason: string | null;
  /** the context's place in its agent's log; absent or null for contexts logged before logs were chained */
  sequence?: number | null;
  prevEntryHash?: string | null;
  entryHash?: string | null;
}

const chainLinkData = (
  ctx: Pick<ContextView, "sequence" | "prevEntryHash" | "entryHash">,
): ChainLinkData => ({
  sequence: ctx.sequence ?? null,
  prev_entry_hash: ctx.prevEntryHash ?? null,
  entry_hash: ctx.entryHash ?? null,
});

// The status is the event's, not the row's: a created event built after the context already
// confirmed still describes the moment of creation.
/** The fields a creation event reads (the chain worker loads only these). */
export type CreatedContextView = Pick<
  ContextView,
  | "id"
  | "agentId"
  | "transactionHash"
  | "contextHash"
  | "signature"
  | "createdAt"
  | "estimatedConfirmation"
  | "contextData"
  | "metadata"
  | "sequence"
  | "prevEntryHash"
  | "entryHash"
>;

export function contextCreatedData(ctx: CreatedContextView): ContextCreatedData {
  return {
    context_id: ctx.id,
    agent_id: ctx.agentId,
    transaction_hash: ctx.transactionHash,
    context_hash: ctx.contextHash,
    signature: ctx.signature,
    status: "pending",
    created_at: ctx.createdAt.toISOString(),
    estimated_confirmation: ctx.estimatedConfirmation?.toISOString() ?? null,
    // JSON objects by construction (the API accepts only objects for both)
    context_data: ctx.contextData as Record<string, unknown>,
    // Same default as hashContext, so the event shows exactly the preimage of context_hash.
    metadata: (ctx.metadata === undefined ? {} : ctx.metadata) as Record<string, unknown>,
    ...chainLinkData(ctx),
  };
}

/** The fields a confirmation event reads (its producer loads only these, not the context body). */
export type ConfirmedContextView = Pick<
  ContextView,
  | "id"
  | "agentId"
  | "transactionHash"
  | "contextHash"
  | "blockNumber"
  | "blockTimestamp"
  | "confirmations"
  | "network"
  | "gasUsed"
  | "confirmationTimeSeconds"
  | "sequence"
  | "prevEntryHash"
  | "entryHash"
>;

/** Whole seconds from receipt to confirmation (never negative): what records and events show. */
export function confirmationSeconds(createdAt: Date, confirmedAt: Date): number {
  return Math.max(0, Math.round((confirmedAt.getTime() - createdAt.getTime()) / 1000));
}

/**
 * A confirmed context's confirmations now: the blocks from its block to the chain's head, both
 * counted (the depth a verification reads from the node), never fewer than were counted when it
 * was confirmed (`stored`; also what is shown while the head is unknown or behind).
 */
export function confirmationsAt(
  stored: number,
  blockNumber: bigint | null,
  headBlock: bigint | null,
): number {
  if (blockNumber === null || headBlock === null || headBlock < blockNumber) return stored;
  return Math.max(stored, Number(headBlock - blockNumber) + 1);
}

/** `proof`, when given, is appended so receivers can verify without calling back. */
export function contextConfirmedData(
  ctx: ConfirmedContextView,
  extra: { proof?: unknown } = {},
): ContextConfirmedData {
  const data: ContextConfirmedData = {
    context_id: ctx.id,
    agent_id: ctx.agentId,
    transaction_hash: required(ctx, "transactionHash"),
    context_hash: ctx.contextHash,
    status: "confirmed",
    block_number: toSafeNumber(required(ctx, "blockNumber"), "blockNumber"),
    block_timestamp: required(ctx, "blockTimestamp").toISOString(),
    confirmations: ctx.confirmations,
    network: ctx.network,
    gas_used: toSafeNumber(required(ctx, "gasUsed"), "gasUsed"),
    confirmation_time_seconds: required(ctx, "confirmationTimeSeconds"),
    ...chainLinkData(ctx),
  };
  if (extra.proof !== undefined) data.proof = extra.proof as AnchorProofData;
  return data;
}

/** The fields a failure event reads. */
export type FailedContextView = Pick<
  ContextView,
  | "id"
  | "agentId"
  | "transactionHash"
  | "errorCode"
  | "errorMessage"
  | "errorDetails"
  | "retryPossible"
  | "failureReason"
>;

export function contextFailedData(ctx: FailedContextView): ContextFailedData {
  return {
    context_id: ctx.id,
    agent_id: ctx.agentId,
    transaction_hash: ctx.transactionHash,
    status: "failed",
    error: {
      code: required(ctx, "errorCode"),
      message: required(ctx, "errorMessage"),
      details: (ctx.errorDetails ?? null) as string | null,
    },
    retry_possible: ctx.retryPossible ?? false,
    failure_reason: required(ctx, "failureReason"),
  };
}

// An event is stored once and replayed verbatim, so a missing field is a bug to surface at build
// time, not a null to ship to every receiver forever.
function required<V extends Partial<ContextView>, K extends keyof V>(ctx: V, field: K): NonNullable<V[K]> {
  const value = ctx[field];
  if (value === null || value === undefined) {
    throw new TypeError(`context ${ctx.id}: ${String(field)} is required here`);
  }
  return value as NonNullable<V[K]>;
}

// Block numbers and gas fit in 2^53 on every chain we target; past it JSON would silently round.
function toSafeNumber(value: bigint, field: string): number {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${field} out of range: ${value}`);
  }
  return Number(value);
}
