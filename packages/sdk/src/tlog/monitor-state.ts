// A monitor's state file: the last checkpoint it verified, as the log signed it, so that a
// restarted monitor proves the next checkpoint consistent with what it saw before.
import { readFileSync, renameSync, writeFileSync } from "node:fs";

/** The state file cannot be read, is not this log's, or cannot be written. */
export class MonitorStateError extends Error {
  override readonly name = "MonitorStateError";
}

export type MonitorState = {
  version: 1;
  origin: string;
  /** the key the checkpoint was opened with: a state is not carried over to another log or key */
  verifier_key: string;
  checkpoint: string;
};

/** The held checkpoint, or null when there is no state file yet. Throws on a file that is not a state. */
export function readMonitorState(file: string, log: { origin: string; verifierKey: string }): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new MonitorStateError(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  let state: Partial<MonitorState> | null = null;
  try {
    state = JSON.parse(text) as Partial<MonitorState>;
  } catch {
    // not JSON: refused below, as any other file that is not a state
  }
  if (state?.version !== 1 || typeof state.checkpoint !== "string") {
    throw new MonitorStateError(`${file} is not a ctxlog monitor state (version 1)`);
  }
  if (state.origin !== log.origin || state.verifier_key !== log.verifierKey) {
    throw new MonitorStateError(
      `${file} holds the state of another log (${JSON.stringify(state.origin)}, key ${state.verifier_key}); use another --state file`,
    );
  }
  return state.checkpoint;
}

/** Writes the state whole or not at all (a temporary file renamed over it). */
export function writeMonitorState(
  file: string,
  log: { origin: string; verifierKey: string },
  checkpoint: string,
): void {
  const state: MonitorState = { version: 1, origin: log.origin, verifier_key: log.verifierKey, checkpoint };
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (error) {
    throw new MonitorStateError(`cannot write ${file}: ${(error as Error).message}`, { cause: error });
  }
}
