// The tracing processor: each span the Agents SDK ends becomes one context of its trace's agent log.
import { CONTEXT_SOURCE_KEY, type ContextLogger, type CreateContextInput } from "@ctxlog/sdk";
import type { Span, SpanData, Trace, TracingProcessor } from "@openai/agents-core";
import { resolveAgentId } from "./agent-id";
import { spanContextData } from "./context-data";
import { type CtxlogProcessorOptions, reportToStderr, resolveLogger } from "./options";
import { ctxlogSource } from "./source";
import { TraceBook } from "./trace-book";

/**
 * A TracingProcessor of the OpenAI Agents SDK that logs every finished span to ctxlog, in the order
 * spans end (the SDK ends a span's children before it: a tool call, then its turn, then the agent,
 * then the run's task). Nothing here waits on ctxlog or throws into the SDK: a span is mapped and
 * queued on the logger synchronously, and whatever goes wrong goes to `onFailure`.
 */
export class CtxlogTracingProcessor implements TracingProcessor {
  /** The logger contexts are queued on (its `pending` says how many are unsent). */
  readonly logger: ContextLogger;
  private readonly ownsLogger: boolean;
  private readonly book: TraceBook;
  private readonly report: (context: CreateContextInput, error: unknown) => void;

  constructor(private readonly options: CtxlogProcessorOptions = {}) {
    this.report = options.onFailure ?? reportToStderr;
    const { logger, owned } = resolveLogger(options, this.report);
    this.logger = logger;
    this.ownsLogger = owned;
    this.book = new TraceBook((trace) => resolveAgentId(options.agentId, trace));
  }

  async onTraceStart(trace: Trace): Promise<void> {
    this.guard(trace.traceId, () =>
      this.book.start({ traceId: trace.traceId, workflowName: trace.name, groupId: trace.groupId }),
    );
  }

  async onTraceEnd(trace: Trace): Promise<void> {
    this.book.end(trace.traceId);
  }

  async onSpanStart(_span: Span<SpanData>): Promise<void> {
    // a span is logged once, when it ends: its output, usage and error are known only then
  }

  async onSpanEnd(span: Span<SpanData>): Promise<void> {
    this.guard(span.traceId, () => this.logSpan(span));
  }

  /**
   * Called by the SDK: by setTraceProcessors (on the processors it replaces), by the provider's
   * shutdown at the process's end. Drains, never rejects, and leaves the processor working, as the
   * SDK's own BatchTraceProcessor does: a program that sets its processors again keeps its log.
   * `close()` is the end.
   */
  async shutdown(_timeout?: number): Promise<void> {
    await this.flush().catch(() => undefined); // each failure reached onFailure already
  }

  /** Called by the SDK: drains, never rejects. */
  async forceFlush(): Promise<void> {
    await this.flush().catch(() => undefined);
  }

  /** Resolves once every context queued so far is settled; rejects (ContextLoggerFlushError) if some were not accepted. */
  flush(): Promise<void> {
    return this.logger.flush();
  }

  /** Flushes, then closes the logger if this processor made it (a logger of yours is only flushed). */
  close(): Promise<void> {
    return this.ownsLogger ? this.logger.close() : this.logger.flush();
  }

  private logSpan(span: Span<SpanData>): void {
    const { entry, first } = this.book.claim(span.traceId, span.spanId);
    if (!first) return;
    const mapped = spanContextData(span, {
      recordInputs: this.options.recordInputs ?? true,
      recordOutputs: this.options.recordOutputs ?? true,
    });
    const step = { kind: String(mapped.kind), name: String(mapped.name) };
    const metadata = {
      trace_id: span.traceId,
      span_id: span.spanId,
      parent_id: span.parentId,
      group_id: entry.info.groupId,
      span_type: span.spanData.type,
      [CONTEXT_SOURCE_KEY]: ctxlogSource(),
    };
    const context: CreateContextInput = { agent_id: entry.agentId, context_data: mapped, metadata };
    if (this.options.visibility) context.visibility = this.options.visibility;
    if (this.options.salt) context.salt = true;
    let data: Record<string, unknown> | null = mapped;
    try {
      data = this.options.redact ? this.options.redact(mapped, step) : mapped;
    } catch (error) {
      // the step is not logged unredacted: the hook was there to keep something out
      this.report({ ...context, context_data: step }, error);
      return;
    }
    if (data === null) return;
    this.queue({ ...context, context_data: data });
  }

  /**
   * Queues a context without waiting for it. A context the logger queued reports its own failure
   * (the logger's onFailure); one it refused before queuing (a closed logger, a full queue, no JSON
   * form) only rejects, so that rejection is reported here.
   */
  private queue(context: CreateContextInput): void {
    const before = this.logger.pending;
    const record = this.logger.log(context);
    const queued = this.logger.pending > before;
    record.catch((error: unknown) => {
      if (!queued) this.report(context, error);
    });
  }

  /** Runs one of the SDK's callbacks so that nothing it throws reaches the agent. */
  private guard(traceId: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.report({ agent_id: traceId, context_data: {} }, error);
    }
  }
}

/**
 * A processor for `addTraceProcessor(ctxlogProcessor({...}))` (beside OpenAI's own exporter) or
 * `setTraceProcessors([ctxlogProcessor({...})])` (ctxlog alone).
 */
export function ctxlogProcessor(options: CtxlogProcessorOptions = {}): CtxlogTracingProcessor {
  return new CtxlogTracingProcessor(options);
}
