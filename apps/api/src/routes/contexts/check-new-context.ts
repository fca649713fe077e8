import { AppError, agentMatches, type HttpErrorCode, type NewContextInput } from "@ctxlog/core";
import type { AuthContext } from "../../http/request-context";
import { MAX_CONTEXT_DATA_BYTES, MAX_METADATA_BYTES } from "./schemas";

/** Why a schema-valid context is still refused: too large, or an agent the key may not write for. */
export interface NewContextProblem {
  code: Extract<HttpErrorCode, "PAYLOAD_TOO_LARGE" | "INSUFFICIENT_PERMISSIONS">;
  path: string;
  message: string;
}

function sizeProblem(field: "context_data" | "metadata", value: unknown, max: number) {
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes <= max) return undefined;
  return {
    code: "PAYLOAD_TOO_LARGE" as const,
    path: field,
    message: `${field} is ${bytes} bytes serialized; the limit is ${max}.`,
  };
}

/**
 * The rules a context obeys beyond its schema, the same for POST /v1/contexts and for each item of
 * POST /v1/contexts/batch: field sizes, and a restricted key's agent patterns. Returns the first
 * problem, or undefined when there is none.
 */
export function findNewContextProblem(
  input: NewContextInput,
  auth: Pick<AuthContext, "type" | "agentPatterns">,
): NewContextProblem | undefined {
  const problem =
    sizeProblem("context_data", input.context_data, MAX_CONTEXT_DATA_BYTES) ??
    sizeProblem("metadata", input.metadata ?? {}, MAX_METADATA_BYTES);
  if (problem) return problem;
  if (auth.type === "restricted" && !agentMatches(input.agent_id, auth.agentPatterns)) {
    return {
      code: "INSUFFICIENT_PERMISSIONS",
      path: "agent_id",
      message: `This key may not create contexts for agent ${input.agent_id}.`,
    };
  }
  return undefined;
}

/** POST /v1/contexts: the problem, if any, as the error it answers with (413 or 403). */
export function checkNewContext(input: NewContextInput, auth: Pick<AuthContext, "type" | "agentPatterns">) {
  const problem = findNewContextProblem(input, auth);
  if (problem) throw new AppError(problem.code, problem.message);
}
