import { defineLifecycle, statesFor, transition } from "../lifecycle";

/** A context's statuses (the spec's three), in the order the docs list them. */
export const CONTEXT_STATUSES = ["pending", "confirmed", "failed"] as const;
export type ContextStatus = (typeof CONTEXT_STATUSES)[number];

/**
 * A context's lifecycle: the one statement of its states and of what moves it between them. The
 * status is not stored as such: packages/db derives it in one SQL definition (the view
 * `context_statuses`, migration 20261129120744_context_status_defined) from what each transition
 * writes — `receive` queues the context (pending_contexts), `confirm` moves it from the queue to
 * confirmed_contexts (its batch and leaf), `fail` takes it out of the queue and writes failed_at,
 * `retry` clears failed_at and queues it again. packages/db/src/contexts/context-transitions.ts is
 * the one module that makes those writes, each checked against this table.
 */
export const CONTEXT_LIFECYCLE = defineLifecycle({
  name: "context",
  states: CONTEXT_STATUSES,
  final: ["confirmed"],
  transitions: [
    { from: null, to: "pending", on: "receive", note: "POST /v1/contexts" },
    { from: "pending", to: "confirmed", on: "confirm", note: "its batch is deep enough" },
    { from: "pending", to: "failed", on: "fail", note: "its batch failed" },
    { from: "failed", to: "pending", on: "retry", note: "the retry route, if retry_possible" },
  ],
});

export type ContextEvent = (typeof CONTEXT_LIFECYCLE.transitions)[number]["on"];

/** The status `event` moves a context to from `from` (null: a new one); throws TransitionRefused. */
export const contextTransition = (from: ContextStatus | null, event: ContextEvent): ContextStatus =>
  transition(CONTEXT_LIFECYCLE, from, event);

/** The statuses a context may be in for `event` to apply (what a bulk write holds its rows to). */
export const contextStatusesFor = (event: ContextEvent): ContextStatus[] =>
  statesFor(CONTEXT_LIFECYCLE, event);
