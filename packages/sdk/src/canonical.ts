import type { Hex } from "viem";
import { keccak256Utf8 } from "./keccak";

/**
 * RFC 8785 (JSON Canonicalization Scheme) for JSON data: object members sorted by the UTF-16 code
 * units of their names, no whitespace, strings and numbers serialized exactly as ECMAScript's
 * JSON.stringify does (which is what RFC 8785 §3.2.2 prescribes). Own implementation rather than a
 * dependency so the SDK needs only viem; the tests compare it with the server's library
 * (json-canonicalize, in the server's core package) byte for byte.
 *
 * Like JSON.stringify: `undefined`/function/symbol members are omitted, such array items become
 * null, and `toJSON()` is honoured (so a Date becomes its ISO string). Non-finite numbers, BigInt
 * and cycles are errors, since they have no JSON form; so is a lone UTF-16 surrogate in a string or
 * a key (RFC 8785 §3.2.2.2 needs well-formed Unicode, and the service refuses such data: the
 * "refused" vectors of test-vectors/canonical.json).
 */
export function canonicalize(value: unknown): string {
  const text = serialize(value, new Set());
  if (text === undefined) throw new TypeError(`${typeof value} has no JSON representation`);
  return text;
}

// a high surrogate not followed by a low one, or a low one not preceded by a high one (code units)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function serialize(value: unknown, ancestors: Set<object>): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      if (LONE_SURROGATE.test(value)) throw new TypeError("string contains a lone UTF-16 surrogate");
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`${value} is not allowed in JSON (RFC 8785 §3.2.2.3)`);
      return JSON.stringify(value); // ECMAScript Number::toString: -0 → "0", 1e21 → "1e+21"
    case "bigint":
      throw new TypeError("BigInt has no JSON representation");
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  const object = value as { toJSON?: unknown };
  if (typeof object.toJSON === "function") return serialize(object.toJSON(), ancestors);
  if (ancestors.has(object)) throw new TypeError("cannot canonicalize a cyclic structure");
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      return `[${object.map((item) => serialize(item, ancestors) ?? "null").join(",")}]`;
    }
    const members: string[] = [];
    // Array.prototype.sort without a comparator orders by UTF-16 code units: exactly JCS's order.
    for (const key of Object.keys(object).sort()) {
      if (LONE_SURROGATE.test(key)) throw new TypeError("key contains a lone UTF-16 surrogate");
      const member = serialize((object as Record<string, unknown>)[key], ancestors);
      if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
    }
    return `{${members.join(",")}}`;
  } finally {
    ancestors.delete(object);
  }
}

export interface ContextHashInput {
  agent_id: string;
  context_data: unknown;
  /** Defaults to `{}`; always part of the hashed object (null stays null). */
  metadata?: unknown;
}

/**
 * The context_hash the service computes: keccak256 over the UTF-8 bytes of the canonical JSON of
 * `{agent_id, context_data, metadata}`. Use it to check a returned hash, or to know a hash before
 * submitting.
 */
export function hashContext(input: ContextHashInput): { canonical: string; contextHash: Hex } {
  if (input.context_data === undefined) throw new TypeError("context_data is required");
  const canonical = canonicalize({
    agent_id: input.agent_id,
    context_data: input.context_data,
    metadata: input.metadata === undefined ? {} : input.metadata,
  });
  return { canonical, contextHash: keccak256Utf8(canonical) };
}
