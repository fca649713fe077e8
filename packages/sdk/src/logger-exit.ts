/**
 * The process's end, for loggers with contexts still unsent. In Node, `beforeExit` fires when the
 * event loop has nothing left but the loggers' own timers (they are unref'd, so they never keep a
 * process alive on their own): each logger then flushes, for at most its `exitTimeoutMs`. `exit`
 * fires on process.exit() or at the very end: each logger hands what is still unsent to its
 * `onFailure`, synchronously. One listener of each for every logger, and a logger is watched only
 * while it has contexts outstanding. Elsewhere (browsers, workers without `process`) nothing is
 * watched: close the logger yourself.
 */
export interface ExitWatcher {
  beforeExit(): void;
  exit(): void;
}

const watched = new Set<ExitWatcher>();
let hooked = false;

function hook(): boolean {
  const proc = (globalThis as { process?: { on?: (event: string, fn: () => void) => void } }).process;
  if (typeof proc?.on !== "function") return false;
  if (!hooked) {
    hooked = true;
    proc.on("beforeExit", () => {
      for (const w of [...watched]) w.beforeExit();
    });
    proc.on("exit", () => {
      for (const w of [...watched]) w.exit();
    });
  }
  return true;
}

export function watchExit(watcher: ExitWatcher): void {
  if (hook()) watched.add(watcher);
}

export function unwatchExit(watcher: ExitWatcher): void {
  watched.delete(watcher);
}

/** A timer that does not keep the process alive by itself (Node); elsewhere timers have no unref. */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
