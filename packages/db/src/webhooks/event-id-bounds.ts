/**
 * Bounds on the event id for a statement over events, deliveries or attempts (partitioned by day
 * of the event id): statements are planned with their parameters' values, so the planner keeps only the
 * days the bounds span; planning over every day cost more than running the statement. Without
 * every event id, bounds that take every id (an event id is "evt_…"; "~" sorts after its characters).
 */
export function eventIdBounds(items: readonly { eventId?: string }[]): { lo: string; hi: string } {
  let lo: string | undefined;
  let hi: string | undefined;
  for (const { eventId } of items) {
    if (eventId === undefined) return { lo: "", hi: "~" };
    if (lo === undefined || eventId < lo) lo = eventId;
    if (hi === undefined || eventId > hi) hi = eventId;
  }
  return { lo: lo ?? "", hi: hi ?? "~" };
}
