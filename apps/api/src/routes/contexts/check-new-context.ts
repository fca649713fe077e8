import {
  AppError,
  agentMatches,
  type CanonicalContext,
  canonicalContext,
  type HttpErrorCode,
  type NewContextInput,
} from "@ctxlog/core";
import type { AuthContext } from "../../http/request-context";
import { MAX_CONTEXT_DATA_BYTES, MAX_METADATA_BYTES } from "./schemas";

/** Why a schema-valid context is still refused: too large, or an agent the key may not write for. */
export interface NewContextProblem {
  code: Extract<HttpErrorCode, "PAYLOAD_TOO_LARGE" | "INSUFFICIENT_PERMISSIONS">;
  path: string;
  message: string;
}

function sizeProblem(field: "context_data" | "metadata", bytes: number, max: number) {
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
 * problem, or the context's canonical JSON when there is none: the sizes are those of its parts
 * (their compact JSON's), and the same text is then hashed (buildNewContexts' `canonical`).
 */
export function findNewContextProblem(
  input: NewContextInput,
  auth: Pick<AuthContext, "type" | "agentPatterns">,
): { problem: NewContextProblem; canonical?: undefined } | { problem?: undefined; canonical: string } {
  const written: CanonicalContext = canonicalContext(input);
  const problem =
    sizeProblem("context_data", written.contextDataBytes, MAX_CONTEXT_DATA_BYTES) ??
    sizeProblem("metadata", written.metadataBytes, MAX_METADATA_BYTES);
  if (problem) return { problem };
  if (auth.type === "restricted" && !agentMatches(input.agent_id, auth.agentPatterns)) {
    return {
      problem: {
        code: "INSUFFICIENT_PERMISSIONS",
        path: "agent_id",
        message: `This key may not create contexts for agent ${input.agent_id}.`,
      },
    };
  }
  return { canonical: written.canonical };
}

/**
 * POST /v1/contexts: the problem, if any, as the error it answers with (413 or 403); else the
 * context's canonical JSON.
 */
export function checkNewContext(
  input: NewContextInput,
  auth: Pick<AuthContext, "type" | "agentPatterns">,
): string {
  const { problem, canonical } = findNewContextProblem(input, auth);
  if (problem) throw new AppError(problem.code, problem.message);
  return canonical;
}
