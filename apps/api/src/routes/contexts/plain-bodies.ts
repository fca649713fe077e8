import { AGENT_ID_PATTERN } from "@ctxlog/core";
import { MAX_BATCH_CONTEXTS } from "./schemas";

// Checks of createContextBodySchema and createContextsBatchBodySchema (schemas.ts) without zod,
// for the router's fast path (RouteSpec.bodyFastPath): they say yes only to a body those schemas
// accept as it is, and leave everything else to zod, which then words the errors (each bad item's
// index included). zod checks a batch's items one by one and copies every object it passes;
// that was ~2 % of a batch's CPU. plain-bodies.test.ts holds the two to the same verdicts.
// Change a schema, change its check here.

const CONTEXT_KEYS = new Set(["agent_id", "context_data", "metadata", "visibility"]);

/** What JSON.parse makes of an object, the only kind z.record accepts here. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/** A body createContextBodySchema accepts unchanged. */
export function isPlainContextBody(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  for (const key of Object.keys(value)) if (!CONTEXT_KEYS.has(key)) return false;
  const { agent_id, context_data, metadata, visibility } = value;
  return (
    typeof agent_id === "string" &&
    AGENT_ID_PATTERN.test(agent_id) &&
    isJsonObject(context_data) &&
    (metadata === undefined || isJsonObject(metadata)) &&
    (visibility === undefined || visibility === "public" || visibility === "private")
  );
}

/** A body createContextsBatchBodySchema accepts unchanged. */
export function isPlainBatchBody(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== "contexts") return false;
  const { contexts } = value;
  if (!Array.isArray(contexts) || contexts.length < 1 || contexts.length > MAX_BATCH_CONTEXTS) return false;
  for (const item of contexts) if (!isPlainContextBody(item)) return false;
  return true;
}
