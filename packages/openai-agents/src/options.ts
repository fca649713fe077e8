// The options every ctxlog integration takes (the same names in each), and the logger they lead to.
import { ContextLogger, type CreateContextInput, type CtxlogClient, clientFromEnv } from "@ctxlog/sdk";
import type { AgentIdOption } from "./agent-id";

/** Which step a context is: what `redact` is told besides the data. */
export interface StepInfo {
  kind: string;
  name: string;
}

export interface CtxlogProcessorOptions {
  /** The client to send through; else one is made from `apiKey` and `baseUrl`. */
  client?: CtxlogClient;
  /** Default: the CTXLOG_API_KEY environment variable. */
  apiKey?: string;
  /** The API's base address, /v1 included. Default: CTXLOG_URL, else http://127.0.0.1:3000/v1. */
  baseUrl?: string;
  /**
   * A logger of your own (its batching, retries and onFailure are yours; its batches keep a trace
   * in span order only with `maxConcurrentBatches: 1`). Else one is made for this processor.
   */
  logger?: ContextLogger;
  /** The agent log each trace goes to; default `${workflowName}/${traceId}` (one log per trace). */
  agentId?: AgentIdOption;
  /** Record model inputs, tool arguments, speech text (default true). */
  recordInputs?: boolean;
  /** Record model outputs, tool results, custom spans' data (default true). */
  recordOutputs?: boolean;
  /** Called with each step's context_data before it is logged: return what to log, or null to skip the step. */
  redact?: (data: Record<string, unknown>, step: StepInfo) => Record<string, unknown> | null;
  /** Salt each context (the SDK's `salt: true`), for short or guessable data; default false. */
  salt?: boolean;
  /** Default `private`. */
  visibility?: "public" | "private";
  /**
   * Called once for each step that was not logged: refused by the API, out of retries, unsent at
   * the process's end, or failed before it was queued (a redact hook that threw, a closed logger).
   * Default: one line on stderr per failure. The agent never sees these.
   */
  onFailure?: (context: CreateContextInput, error: unknown) => void;
}

/** The default failure report: the agent goes on, so the line is the only trace of a lost step. */
export function reportToStderr(context: CreateContextInput, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`@ctxlog/openai-agents: a step of ${context.agent_id} was not logged: ${reason}`);
}

/**
 * The processor's logger, and whether it owns it (closes it on shutdown). Its own logger sends one
 * batch at a time, so a trace's contexts reach its log in the order they were logged, and refuses
 * (reports) rather than waits when 10,000 are queued: the agent's step never waits on ctxlog.
 */
export function resolveLogger(
  options: CtxlogProcessorOptions,
  onFailure: (context: CreateContextInput, error: unknown) => void,
): { logger: ContextLogger; owned: boolean } {
  if (options.logger) return { logger: options.logger, owned: false };
  const client = options.client ?? makeClient(options);
  return {
    logger: new ContextLogger(client, { maxConcurrentBatches: 1, whenFull: "reject", onFailure }),
    owned: true,
  };
}

function makeClient(options: CtxlogProcessorOptions): CtxlogClient {
  return clientFromEnv(options, "@ctxlog/openai-agents");
}
