import { defineLifecycle, statesFor, transition } from "../lifecycle";

/** An anchor batch's statuses (the AnchorStatus enum of prisma/schema.prisma), in lifecycle order. */
export const ANCHOR_STATUSES = ["queued", "sent", "mined", "confirmed", "failed"] as const;
export type AnchorBatchStatus = (typeof ANCHOR_STATUSES)[number];

/**
 * An anchor batch's lifecycle: the one statement of its states and of what moves it between them.
 * packages/db/src/anchors/anchor-transitions.ts is the one module that writes `anchors.status`,
 * each statement checked against this table.
 * A batch is claimed queued with its contexts and its
 * tree; its first signed transaction makes it sent (a replacement, same nonce, changes no status);
 * a refused first transaction, or a nonce used elsewhere, abandons its transactions and queues it
 * again; a transaction in a block makes it mined (from queued too: an abandoned transaction may
 * still be mined); a reorg that takes the block away sends it back to sent; the required depth
 * confirms it; and anything that cannot succeed fails it, whatever it was in flight.
 */
export const ANCHOR_LIFECYCLE = defineLifecycle({
  name: "anchor",
  states: ANCHOR_STATUSES,
  final: ["confirmed", "failed"],
  transitions: [
    { from: null, to: "queued", on: "claim", note: "pending contexts claimed, tree built" },
    { from: "queued", to: "sent", on: "send", note: "first transaction signed and stored" },
    { from: "sent", to: "queued", on: "requeue", note: "transactions abandoned" },
    { from: "queued", to: "mined", on: "mine", note: "an abandoned transaction mined" },
    { from: "sent", to: "mined", on: "mine", note: "a transaction in a block" },
    { from: "mined", to: "sent", on: "unmine", note: "its block reorged away" },
    { from: "mined", to: "confirmed", on: "confirm", note: "deep enough" },
    { from: "queued", to: "failed", on: "fail", note: "cannot succeed" },
    { from: "sent", to: "failed", on: "fail", note: "cannot succeed" },
    { from: "mined", to: "failed", on: "fail", note: "reverted, at depth" },
  ],
});

export type AnchorEvent = (typeof ANCHOR_LIFECYCLE.transitions)[number]["on"];

/** A batch is in flight from its claim until it is confirmed or fails: every state but the final ones. */
export const ANCHOR_IN_FLIGHT_STATUSES: readonly AnchorBatchStatus[] = ANCHOR_STATUSES.filter(
  (s) => !ANCHOR_LIFECYCLE.final.includes(s),
);

/** The status `event` moves a batch to from `from` (null: a new one); throws TransitionRefused. */
export const anchorTransition = (from: AnchorBatchStatus | null, event: AnchorEvent): AnchorBatchStatus =>
  transition(ANCHOR_LIFECYCLE, from, event);

/** The statuses a batch may be in for `event` to apply (what a statement holds its rows to). */
export const anchorStatusesFor = (event: AnchorEvent): AnchorBatchStatus[] =>
  statesFor(ANCHOR_LIFECYCLE, event);
