import {
  ContextLogger,
  ContextLoggerClosedError,
  ContextLoggerQueueFullError,
  ContextTooLargeError,
  type CtxlogClient,
  clientFromEnv,
  NotJsonError,
} from "@ctxlog/sdk";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { awaitAllCallbacks } from "@langchain/core/callbacks/promises";
import type { DocumentInterface } from "@langchain/core/documents";
import type { Serialized } from "@langchain/core/load/serializable";
import type { BaseMessage } from "@langchain/core/messages";
import type { LLMResult } from "@langchain/core/outputs";
import type { ChainValues } from "@langchain/core/utils/types";
import { toJsonValue } from "./json-value";
import { llmOutputOf, modelOf, requestedModel, usageOf } from "./llm-result";
import type { CtxlogCallbackHandlerOptions, RootRunInfo } from "./options";
import { contextOfRun, defaultAgentId, type MappingOptions } from "./run-context";
import { finishedRunOf, openRunOf, type RunEnd, type RunStart, toolInput } from "./run-events";
import { RunTree } from "./run-tree";
import { ctxlogSource } from "./source";

/** The logger refused the context before queueing it: onFailure never hears of these. */
const refusedBeforeQueueing = (error: unknown): boolean =>
  error instanceof NotJsonError ||
  error instanceof ContextTooLargeError ||
  error instanceof ContextLoggerClosedError ||
  error instanceof ContextLoggerQueueFullError ||
  error instanceof TypeError;

/**
 * Logs a LangChain.js or LangGraph run tree to ctxlog: each chain, LLM or chat model, tool and
 * retriever run, when it ends or fails, becomes one context of the root run's agent log, in the
 * order the runs end (a child before its parent). The run tree is kept in metadata (run_id,
 * parent_run_id, root_run_id), with tags and LangGraph's node.
 *
 * ```ts
 * const ctxlog = new CtxlogCallbackHandler({ apiKey, baseUrl });
 * await agent.invoke(input, { callbacks: [ctxlog] });
 * await ctxlog.flush();
 * ```
 *
 * Never in the chain's way: each callback does its bookkeeping synchronously and hands the context
 * to the ContextLogger without waiting (sending is batched, retried and idempotent there), and
 * nothing it does throws into LangChain. `flush()` / `close()` wait for the logger.
 */
export class CtxlogCallbackHandler extends BaseCallbackHandler {
  name = "ctxlog";
  private readonly logger: ContextLogger;
  private readonly ownsLogger: boolean;
  private readonly runs = new RunTree();
  private readonly mapping: MappingOptions;
  private readonly agentIdOption: CtxlogCallbackHandlerOptions["agentId"];
  private closed = false;

  constructor(options: CtxlogCallbackHandlerOptions = {}) {
    // Awaited, not in LangChain's background queue: each callback is synchronous bookkeeping that
    // hands the context to the logger without waiting, so the chain waits for no I/O either way;
    // awaited, every step is in the logger when invoke() returns — kept for onFailure if the
    // process exits at once — and flush() needs no queue of LangChain's (an ESM copy of
    // @langchain/core has its own, which this CommonJS package could not drain).
    super({ _awaitHandler: true });
    if (options.logger) {
      this.logger = options.logger;
      this.ownsLogger = false;
    } else {
      const client = options.client ?? CtxlogCallbackHandler.clientFrom(options);
      // one batch in flight: the log's sequence follows the order the runs ended
      this.logger = new ContextLogger(client, { maxConcurrentBatches: 1 });
      this.ownsLogger = true;
    }
    this.agentIdOption = options.agentId;
    this.mapping = {
      recordInputs: options.recordInputs ?? true,
      recordOutputs: options.recordOutputs ?? true,
      redact: options.redact,
      salt: options.salt ?? false,
      visibility: options.visibility,
      source: ctxlogSource(),
    };
  }

  private static clientFrom(options: CtxlogCallbackHandlerOptions): CtxlogClient {
    return clientFromEnv(options, "@ctxlog/langchain");
  }

  /** LangChain may copy handlers; a copy must share the run tree and the logger, so it is this one. */
  override copy(): this {
    return this;
  }

  /** Runs started and not yet ended (a run tree in flight, or runs that never reported their end). */
  get openRuns(): number {
    return this.runs.size;
  }

  /** Sends every step seen so far; resolves once each is accepted (rejects listing those that were not). */
  async flush(): Promise<void> {
    // with awaitHandlers set back to false, LangChain queues the callbacks: let them reach us first
    await awaitAllCallbacks();
    await this.logger.flush();
  }

  /** Flushes and stops logging; closes the logger the handler made (one given to it is only flushed). */
  async close(): Promise<void> {
    await awaitAllCallbacks();
    this.closed = true;
    await (this.ownsLogger ? this.logger.close() : this.logger.flush());
  }

  // The order LangChain's CallbackManager calls it with (and its own BaseTracer declares): parent
  // run id 4th, run name 8th. BaseCallbackHandler's declaration says otherwise (runType 4th, parent
  // 8th) and is wrong for @langchain/core 1.x; the test of the run tree fails on that order.
  override handleChainStart(
    chain: Serialized,
    inputs: ChainValues,
    runId: string,
    parentRunId?: string,
    tags?: string[],
    metadata?: Record<string, unknown>,
    _runType?: string,
    runName?: string,
  ): void {
    this.started({
      kind: "chain",
      serialized: chain,
      runId,
      parentRunId,
      tags,
      metadata,
      runName,
      input: () => inputs,
    });
  }

  override handleChainEnd(outputs: ChainValues, runId: string): void {
    this.ended(runId, { output: () => toJsonValue(outputs) });
  }

  override handleChainError(error: unknown, runId: string): void {
    this.ended(runId, { error });
  }

  override handleLLMStart(
    llm: Serialized,
    prompts: string[],
    runId: string,
    parentRunId?: string,
    extraParams?: Record<string, unknown>,
    tags?: string[],
    metadata?: Record<string, unknown>,
    runName?: string,
  ): void {
    this.started({
      kind: "llm",
      serialized: llm,
      runId,
      parentRunId,
      tags,
      metadata,
      runName,
      input: () => (prompts.length === 1 ? prompts[0] : prompts),
      model: requestedModel(metadata, extraParams),
    });
  }

  override handleChatModelStart(
    llm: Serialized,
    messages: BaseMessage[][],
    runId: string,
    parentRunId?: string,
    extraParams?: Record<string, unknown>,
    tags?: string[],
    metadata?: Record<string, unknown>,
    runName?: string,
  ): void {
    this.started({
      kind: "llm",
      serialized: llm,
      runId,
      parentRunId,
      tags,
      metadata,
      runName,
      input: () => (messages.length === 1 ? messages[0] : messages),
      model: requestedModel(metadata, extraParams),
    });
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    this.ended(runId, {
      output: () => llmOutputOf(output),
      model: (run) => modelOf(output, run.model),
      usage: usageOf(output),
    });
  }

  override handleLLMError(error: unknown, runId: string): void {
    this.ended(runId, { error });
  }

  override handleToolStart(
    tool: Serialized,
    input: string,
    runId: string,
    parentRunId?: string,
    tags?: string[],
    metadata?: Record<string, unknown>,
    runName?: string,
    toolCallId?: string,
  ): void {
    this.started({
      kind: "tool",
      serialized: tool,
      runId,
      parentRunId,
      tags,
      metadata,
      runName,
      input: () => toolInput(input),
      toolCallId,
    });
  }

  override handleToolEnd(output: unknown, runId: string): void {
    this.ended(runId, { output: () => toJsonValue(output) });
  }

  override handleToolError(error: unknown, runId: string): void {
    this.ended(runId, { error });
  }

  override handleRetrieverStart(
    retriever: Serialized,
    query: string,
    runId: string,
    parentRunId?: string,
    tags?: string[],
    metadata?: Record<string, unknown>,
    name?: string,
  ): void {
    this.started({
      kind: "retriever",
      serialized: retriever,
      runId,
      parentRunId,
      tags,
      metadata,
      runName: name,
      input: () => query,
    });
  }

  override handleRetrieverEnd(documents: DocumentInterface[], runId: string): void {
    this.ended(runId, { output: () => toJsonValue(documents) });
  }

  override handleRetrieverError(error: unknown, runId: string): void {
    this.ended(runId, { error });
  }

  private started(start: RunStart): void {
    if (this.closed) return;
    try {
      const parent = start.parentRunId === undefined ? undefined : this.runs.get(start.parentRunId);
      this.runs.start(openRunOf(start, parent, (root) => this.agentIdFor(root), this.mapping.recordInputs));
    } catch (error) {
      this.problem(error);
    }
  }

  private ended(runId: string, end: RunEnd): void {
    try {
      const run = this.runs.end(runId);
      if (!run || run.hidden || this.closed) return;
      const context = contextOfRun(finishedRunOf(run, end, this.mapping.recordOutputs), this.mapping);
      if (!context) return;
      // not awaited: the chain never waits on ctxlog; a failure after queueing reaches onFailure
      this.logger.log(context).catch((error: unknown) => {
        if (refusedBeforeQueueing(error) && !(error instanceof ContextLoggerClosedError)) this.problem(error);
      });
    } catch (error) {
      this.problem(error);
    }
  }

  private agentIdFor(root: RootRunInfo): string {
    const option = this.agentIdOption;
    if (typeof option === "string") return option;
    if (typeof option === "function") {
      try {
        return option(root);
      } catch (error) {
        this.problem(error);
      }
    }
    return defaultAgentId(root.name, root.run_id);
  }

  /** A step the handler could not log: said once on stderr, never thrown into the chain. */
  private problem(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`ctxlog: the LangChain handler could not log a step: ${message}`);
  }
}
