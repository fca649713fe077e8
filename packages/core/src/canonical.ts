import { canonicalize } from "json-canonicalize";
import type { Hex } from "viem";
import { keccak256Hex } from "./keccak";

/**
 * RFC 8785 (JCS) canonical JSON: keys sorted by UTF-16 code units, no whitespace, ECMAScript number
 * formatting. `undefined` members are dropped and `undefined` array items become null, exactly as
 * JSON.stringify does, so canonicalJson(x) === canonicalJson(JSON.parse(JSON.stringify(x))) — the
 * hash of what we were sent equals the hash of what we store and later re-read.
 *
 * Recursive (the library is): callers must bound depth first with findJsonHazard.
 */
export function canonicalJson(value: unknown): string {
  // JSON.stringify(undefined) is undefined, which the library would concatenate as the text
  // "undefined"; a value with no JSON form must be an error, never a hash of garbage.
  if (value === undefined || typeof value === "function" || typeof value === "symbol") {
    throw new TypeError(`${typeof value} has no JSON representation`);
  }
  return canonicalize(value);
}

export type ContextHashInput = {
  agent_id: string;
  context_data: unknown;
  metadata?: unknown;
};

const encoder = new TextEncoder();

/**
 * The context_hash: keccak256 over the UTF-8 bytes of the canonical JSON of
 * {agent_id, context_data, metadata}. metadata is always present (default {}) so the preimage has
 * one shape, and anyone holding the three fields can recompute the hash with any JCS library.
 */
export function hashContext(input: ContextHashInput): { canonical: string; contextHash: Hex } {
  // Silently dropping an undefined context_data would hash a different shape; null metadata is
  // kept as null (it is what was stored), only a missing one becomes {}.
  if (input.context_data === undefined) throw new TypeError("context_data is required");
  const canonical = canonicalJson({
    agent_id: input.agent_id,
    context_data: input.context_data,
    metadata: input.metadata === undefined ? {} : input.metadata,
  });
  return { canonical, contextHash: keccak256Hex(encoder.encode(canonical)) };
}
