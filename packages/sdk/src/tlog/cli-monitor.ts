// `ctxlog monitor <log-url> --key <verifier key>`: follows a transparency log's checkpoints,
// proving each consistent with the last; the exit code says whether it caught a split view.
import { isTlogError } from "@ctxlog/tlog";
import type { SeenCheckpoint } from "./check-log";
import { followLog, logIdentity, type MonitorRound } from "./follow-log";
import { MonitorStateError } from "./monitor-state";

export const MONITOR_USAGE = `Usage:
  ctxlog monitor <log-url> --key <verifier key> [--origin <origin>] [--state <file>] [--interval <ms>] [--once] [--json]

Follows a C2SP transparency log (the ctxlog service's /tlog, or any tlog-tiles log): reads
<log-url>/checkpoint, opens it with the log's key, proves it consistent with the last checkpoint
verified (a consistency proof built from <log-url>/tile/…), and keeps that one in --state. Two
checkpoints signed by the log that cannot both be true (one not a prefix of the other, or one size
with two roots) are a split view: both notes are printed as the evidence.

Options:
  --key <vkey>            the log's verifier key, <name>+<key ID>+<base64> (GET /tlog/key)
  --origin <origin>       the log's origin, its checkpoints' first line (default: the key's name)
  --state <file>          keeps the last verified checkpoint between runs (default: memory only)
  --interval <ms>         between two reads (default 10000)
  --once                  one read, then exit
  --json                  one JSON object per read

Exit status: 0 consistent (with --once; without it, stopped by a signal), 1 split view,
2 bad usage or state file, 3 the log cannot be read or what it serves does not verify,
4 unexpected error.`;

export const MONITOR_EXIT = { ok: 0, splitView: 1, usage: 2, unreadable: 3 } as const;

interface MonitorArgs {
  url: string;
  key?: string;
  origin?: string;
  state?: string;
  interval?: string;
  once?: boolean;
  json?: boolean;
}

type Out = (text: string) => void;

const line = (c: SeenCheckpoint) => `size ${c.size}, root ${c.root}`;

function describe(round: MonitorRound): string {
  switch (round.kind) {
    case "first":
      return `first checkpoint (trusted on first use): ${line(round.checkpoint)}`;
    case "unchanged":
      return `unchanged: ${line(round.checkpoint)}`;
    case "consistent":
      return `consistent: ${line(round.previous)} → ${line(round.checkpoint)}`;
    case "stale":
      return `stale: served ${line(round.served)}, a prefix of the held ${line(round.held)}`;
    case "unreadable":
      return `cannot read the log: ${round.error.message}`;
    case "split_view":
      return [
        `SPLIT VIEW: ${round.reason}`,
        "held checkpoint (verified before):",
        round.held.note.trimEnd(),
        "served checkpoint:",
        round.served.note.trimEnd(),
      ].join("\n");
  }
}

const asJson = (round: MonitorRound) =>
  JSON.stringify(round.kind === "unreadable" ? { kind: round.kind, error: round.error.message } : round);

export async function runMonitor(
  args: MonitorArgs,
  stdout: Out,
  stderr: Out,
  signal?: AbortSignal,
): Promise<number> {
  if (!args.key) {
    stderr(`ctxlog: --key is required\n\n${MONITOR_USAGE}`);
    return MONITOR_EXIT.usage;
  }
  const interval = args.interval === undefined ? undefined : Number(args.interval);
  if (interval !== undefined && (!Number.isSafeInteger(interval) || interval < 1)) {
    stderr("ctxlog: --interval must be an integer ≥ 1 (milliseconds)");
    return MONITOR_EXIT.usage;
  }
  if (!/^https?:\/\//.test(args.url)) {
    stderr(`ctxlog: the log URL must be http(s)://…, got ${JSON.stringify(args.url)}`);
    return MONITOR_EXIT.usage;
  }
  try {
    logIdentity({ verifierKey: args.key, origin: args.origin });
  } catch (error) {
    if (!isTlogError(error)) throw error;
    stderr(`ctxlog: --key is not a verifier key: ${error.message}`);
    return MONITOR_EXIT.usage;
  }
  const onCheck = (round: MonitorRound) => {
    const text = args.json ? asJson(round) : describe(round);
    if (round.kind === "unreadable" || round.kind === "split_view") stderr(text);
    else stdout(text);
  };
  let last: MonitorRound | null;
  try {
    last = await followLog({
      url: args.url,
      verifierKey: args.key,
      origin: args.origin,
      stateFile: args.state,
      intervalMs: interval,
      once: args.once,
      signal,
      onCheck,
    });
  } catch (error) {
    // what the log serves is a round's outcome; the state file is the caller's to fix
    if (!(error instanceof MonitorStateError)) throw error;
    stderr(`ctxlog: ${error.message}`);
    return MONITOR_EXIT.usage;
  }
  if (last?.kind === "split_view") return MONITOR_EXIT.splitView;
  if (last?.kind === "unreadable") return MONITOR_EXIT.unreadable;
  return MONITOR_EXIT.ok;
}
