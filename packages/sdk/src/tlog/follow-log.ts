// followLog: a monitor of a transparency log. Every interval it reads the log's checkpoint,
// opens it with the log's key, proves it consistent with the last one verified, and keeps that
// one (in a state file when given). It stops at the first split view, which it returns.
import { parseVerifierKey } from "@ctxlog/tlog";
import { checkLog, type LogCheck, type LogIdentity, openLogCheckpoint } from "./check-log";
import { MonitorStateError, readMonitorState, writeMonitorState } from "./monitor-state";
import { type LogReaderOptions, LogUnreadableError } from "./read-log";

export interface FollowLogOptions extends LogReaderOptions {
  /** The log's verifier key, `<name>+<key ID>+<base64>` (GET /tlog/key). */
  verifierKey: string;
  /** The log's origin, its checkpoints' first line (default: the key's name). */
  origin?: string;
  /** Where the last verified checkpoint is kept between runs (default: in memory only). */
  stateFile?: string;
  /** Between two reads (default 10 s). */
  intervalMs?: number;
  /** One round, then return. */
  once?: boolean;
  /** Ends the loop (between rounds or during the wait). */
  signal?: AbortSignal;
  /** Called after every round, with its outcome. */
  onCheck?: (result: MonitorRound) => void;
}

/** A round's outcome: a check, or the log could not be read (the monitor goes on unless `once`). */
export type MonitorRound = LogCheck | { kind: "unreadable"; error: LogUnreadableError };

const DEFAULT_INTERVAL_MS = 10_000;

/** The log's identity from the options; throws (TlogError) on a key that does not parse. */
export function logIdentity(opts: Pick<FollowLogOptions, "verifierKey" | "origin">): LogIdentity {
  const key = parseVerifierKey(opts.verifierKey);
  return { origin: opts.origin ?? key.name, key };
}

/**
 * Follows the log until a split view (returned), the signal, or — with `once` — after one round.
 * Returns the last round's outcome (null when stopped before any). What the log serves is a
 * round's outcome, never thrown; MonitorStateError is thrown for the state file.
 */
export async function followLog(opts: FollowLogOptions): Promise<MonitorRound | null> {
  const log = logIdentity(opts);
  const stateLog = { origin: log.origin, verifierKey: opts.verifierKey };
  let held = opts.stateFile ? readMonitorState(opts.stateFile, stateLog) : null;
  if (held !== null) {
    try {
      openLogCheckpoint(held, log, opts.url);
    } catch (error) {
      throw new MonitorStateError(
        `${opts.stateFile} holds a checkpoint that does not open with the log's key`,
        {
          cause: error,
        },
      );
    }
  }
  let last: MonitorRound | null = null;
  while (!opts.signal?.aborted) {
    try {
      last = await checkLog(opts, log, held);
    } catch (error) {
      if (!(error instanceof LogUnreadableError)) throw error;
      last = { kind: "unreadable", error };
    }
    opts.onCheck?.(last);
    if (last.kind === "first" || last.kind === "consistent") {
      held = last.checkpoint.note;
      if (opts.stateFile) writeMonitorState(opts.stateFile, stateLog, held);
    }
    if (last.kind === "split_view" || opts.once) return last;
    await wait(opts.intervalMs ?? DEFAULT_INTERVAL_MS, opts.signal);
  }
  return last;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
