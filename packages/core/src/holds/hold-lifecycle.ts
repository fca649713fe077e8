import { defineLifecycle } from "../lifecycle";

/** A legal hold's states: `active` until released (released_at set), then `released` for good. */
export const HOLD_STATES = ["active", "released"] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/**
 * A legal hold's lifecycle: the one statement of its states and of what moves it between them.
 * packages/db/src/holds/legal-holds.ts is the one module that writes a hold (placed_at, released_at),
 * each write checked against this table; its state is derived in one SQL function,
 * ctxlog_hold_active(released_at) (migration 20261130035600_legal_holds), as holdState does here.
 * Releasing a released hold changes nothing (its first release is kept): a release is refused only
 * by the table, never repeated.
 */
export const HOLD_LIFECYCLE = defineLifecycle({
  name: "legal hold",
  states: HOLD_STATES,
  final: ["released"],
  transitions: [
    { from: null, to: "active", on: "place", note: "POST /v1/agents/{agent_id}/holds" },
    { from: "active", to: "released", on: "release", note: "POST …/holds/{hold_id}/release" },
  ],
});

export type HoldEvent = (typeof HOLD_LIFECYCLE.transitions)[number]["on"];

/** Every event of the table. */
export const HOLD_EVENTS: readonly HoldEvent[] = [...new Set(HOLD_LIFECYCLE.transitions.map((t) => t.on))];

/** A hold's state from what is stored, as ctxlog_hold_active says it in SQL. */
export function holdState(releasedAt: Date | null): HoldState {
  return releasedAt === null ? "active" : "released";
}
