import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Long work on a request (decoding a large body) in slices: `pause()` gives the event loop a turn
 * (other requests, /healthz, timers) once SLICE_MS have passed since the last one, and returns at
 * once otherwise, so a caller may call it after every small step.
 */
export const SLICE_MS = 10;

export class EventLoopSlicer {
  private since = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await nextTurn();
    this.since = performance.now();
  }
}
