import type { ContextLogger, CtxlogClient } from "@ctxlog/sdk";

/** The kinds of LangChain run this package logs. */
export type StepKind = "chain" | "llm" | "tool" | "retriever";

/** Which step a `redact` call is about. */
export interface StepInfo {
  kind: StepKind;
  name: string;
}

/** The root run of a tree (the run the program invoked): what `agentId` as a function is given. */
export interface RootRunInfo {
  run_id: string;
  name: string;
  tags: string[];
  metadata: Record<string, unknown>;
}

/** The options every ctxlog integration takes (issue 41), under the same names. */
export interface CtxlogCallbackHandlerOptions {
  /** A client to log through (a ContextLogger is made on it); or `apiKey` and `baseUrl`. */
  client?: CtxlogClient;
  /** Default: the CTXLOG_API_KEY environment variable. */
  apiKey?: string;
  /** The API's base URL, e.g. `https://ctxlog.example/v1`. Default: CTXLOG_URL, else http://127.0.0.1:3000/v1. */
  baseUrl?: string;
  /**
   * A logger of your own (its batching, retries and `onFailure`); `close()` then only flushes it.
   * Without one, the handler makes one with one batch in flight at a time, so entries reach the
   * log in the order the runs ended.
   */
  logger?: ContextLogger;
  /** The agent log a run tree goes to; default `${rootRunName}/${rootRunId}`, one log per root run. */
  agentId?: string | ((run: RootRunInfo) => string);
  /** Record each step's input (chain inputs, prompts and messages, tool input, query); default true. */
  recordInputs?: boolean;
  /** Record each step's output (chain outputs, model answers, tool results, documents); default true. */
  recordOutputs?: boolean;
  /**
   * Called with each step's context_data before it is logged: return what to log instead, or null
   * to log nothing for that step. If it throws, the step is logged without input, output or error
   * (and `redact_error` says why), so a failing hook never leaks data nor loses the step.
   */
  redact?: (data: Record<string, unknown>, step: StepInfo) => Record<string, unknown> | null;
  /** Salt every context (the SDK's `salt: true`): for short, guessable data. Default false. */
  salt?: boolean;
  /** The contexts' visibility; the API's default (private) when unset. */
  visibility?: "public" | "private";
}
