// The traces a processor is logging: each one's agent id, and the span ids it has logged, so a span
// the SDK reports twice is logged once. A replay (dispatchTrace, then dispatchSpan of each finished
// span, as a resumed run does) reports spans after its trace has ended, so an ended trace's ids are
// kept a while too: in a window of the most recent ended traces, bounded by their span ids in all.
import type { TraceInfo } from "./agent-id";

export interface TraceBookLimits {
  /** Span ids remembered per trace; the oldest are forgotten beyond it. */
  spansPerTrace: number;
  /** Traces open at once (started, not ended); the oldest are forgotten beyond it. */
  openTraces: number;
  /** Span ids kept for ended traces, in all; the oldest ended traces are forgotten beyond it. */
  endedSpanIds: number;
}

export const DEFAULT_LIMITS: TraceBookLimits = {
  spansPerTrace: 10_000,
  openTraces: 1_000,
  endedSpanIds: 100_000,
};

export interface TraceEntry {
  info: TraceInfo;
  agentId: string;
  seen: Set<string>;
}

/** The SDK's name for a trace it was given none for. */
const DEFAULT_WORKFLOW_NAME = "Agent workflow";

/** Map keeps insertion order: its first entry is the oldest, the one to forget first. */
const oldest = <K, V>(map: Map<K, V>): [K, V] | undefined => map.entries().next().value;

export class TraceBook {
  private readonly open = new Map<string, TraceEntry>();
  private readonly ended = new Map<string, TraceEntry>();
  private endedIds = 0;

  constructor(
    private readonly agentIdOf: (trace: TraceInfo) => string,
    private readonly limits: TraceBookLimits = DEFAULT_LIMITS,
  ) {}

  start(info: TraceInfo): void {
    if (this.open.has(info.traceId) || this.ended.has(info.traceId)) return;
    this.open.set(info.traceId, { info, agentId: this.agentIdOf(info), seen: new Set() });
    while (this.open.size > this.limits.openTraces) this.end((oldest(this.open) as [string, TraceEntry])[0]);
  }

  end(traceId: string): void {
    const entry = this.open.get(traceId);
    if (!entry) return;
    this.open.delete(traceId);
    this.ended.set(traceId, entry);
    this.endedIds += entry.seen.size;
    this.forgetEnded();
  }

  /**
   * The trace a span belongs to, and whether the span is new to it (false: already logged). A span
   * of a trace this processor did not see start (it was added mid-run) opens one under the SDK's
   * default workflow name.
   */
  claim(traceId: string, spanId: string): { entry: TraceEntry; first: boolean } {
    const ended = this.ended.get(traceId);
    let entry = this.open.get(traceId) ?? ended;
    if (!entry) {
      this.start({ traceId, workflowName: DEFAULT_WORKFLOW_NAME, groupId: null });
      entry = this.open.get(traceId) as TraceEntry;
    }
    if (entry.seen.has(spanId)) return { entry, first: false };
    entry.seen.add(spanId);
    if (entry.seen.size > this.limits.spansPerTrace) {
      entry.seen.delete(entry.seen.values().next().value as string);
    } else if (ended) {
      this.endedIds++;
      this.forgetEnded();
    }
    return { entry, first: true };
  }

  get openCount(): number {
    return this.open.size;
  }

  private forgetEnded(): void {
    while (this.endedIds > this.limits.endedSpanIds && this.ended.size > 0) {
      const [traceId, entry] = oldest(this.ended) as [string, TraceEntry];
      this.ended.delete(traceId);
      this.endedIds -= entry.seen.size;
    }
  }
}
