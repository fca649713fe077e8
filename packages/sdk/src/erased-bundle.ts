// A bundle whose context data was erased: the data checks cannot run on it (unless the holder of
// the data supplies it); every other check runs from context_hash as on any bundle.
import { canonicalize } from "./canonical";
import type { CheckName, CheckResult } from "./offline-checks";
import type { JsonObject } from "./types";

/** The context as it was posted, kept by its holder: `{agent_id, context_data, metadata}`. */
export interface HeldContext {
  agent_id: string;
  context_data: JsonObject;
  metadata?: JsonObject;
}

/** The checks that need the data: unavailable on an erased bundle. */
export const DATA_CHECKS: readonly CheckName[] = ["canonical_context", "hash_matches"];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * When the bundle's data was erased (`canonical_context` and `context.context_data` null), the
 * time it says (`data_erased_at`, "" when absent); otherwise null.
 */
export function erasedAt(bundle: unknown): string | null {
  if (!isObject(bundle) || bundle.canonical_context !== null) return null;
  const context = bundle.context;
  if (!isObject(context) || context.context_data !== null) return null;
  return typeof bundle.data_erased_at === "string" ? bundle.data_erased_at : "";
}

/** A data check that could not run: not passed, not failed. */
export function unavailable(name: CheckName, at: string): CheckResult {
  return {
    name,
    ok: false,
    unavailable: true,
    reason: `unavailable: the context's data was erased${at ? ` at ${at}` : ""}; supply it as it was logged to check it`,
  };
}

/**
 * The bundle with the held data in place of its own (erased or not): `context` and its RFC 8785
 * `canonical_context`. The data checks then hold the held data to the bundle's context_hash, and
 * the entry, signature and Merkle checks use the held agent_id only where the bundle's own says so.
 */
export function withHeldData(bundle: unknown, held: HeldContext): unknown {
  if (!isObject(bundle)) return bundle;
  const context = { agent_id: held.agent_id, context_data: held.context_data, metadata: held.metadata ?? {} };
  let canonical: string | null;
  try {
    canonical = canonicalize(context);
  } catch {
    canonical = null; // the canonical_context check then fails, naming the field
  }
  return { ...bundle, context, canonical_context: canonical };
}
