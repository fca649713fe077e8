import type { Hex } from "viem";
import { keccak256Hex } from "./keccak";

/**
 * RFC 8785 (JCS) canonical JSON: keys sorted by UTF-16 code units, no whitespace, ECMAScript number
 * formatting. `undefined` members are dropped and `undefined` array items become null, exactly as
 * JSON.stringify does, so canonicalJson(x) === canonicalJson(JSON.parse(JSON.stringify(x))) — the
 * hash of what we were sent equals the hash of what we store and later re-read.
 *
 * Recursive: callers must bound depth first with findJsonHazard.
 */
export function canonicalJson(value: unknown): string {
  // JSON.stringify(undefined) is undefined; a value with no JSON form must be an error, never a
  // hash of garbage.
  if (value === undefined || typeof value === "function" || typeof value === "symbol") {
    throw new TypeError(`${typeof value} has no JSON representation`);
  }
  return serialize(value, []);
}

// JCS serializes strings and numbers exactly as ECMAScript's JSON.stringify does (RFC 8785
// §3.2.2.2–3), so the native one writes every leaf; only member order is ours: Array#sort's default
// order compares UTF-16 code units, which is JCS's (§3.2.3). A value with toJSON (a Date) is
// written as JSON.stringify writes it. `ancestors` turns a cycle into an error, not a stack overflow.
function serialize(value: unknown, ancestors: object[]): string {
  if (value === null || typeof value !== "object") return leaf(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return JSON.stringify(value);
  if (ancestors.includes(value)) throw new TypeError("Circular reference detected");
  ancestors.push(value);
  let out: string;
  if (Array.isArray(value)) {
    out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      const item: unknown = value[i];
      out += item === undefined ? "null" : serialize(item, ancestors);
    }
    out += "]";
  } else {
    out = "{";
    const keys = Object.keys(value).sort();
    let first = true;
    for (const key of keys) {
      const member: unknown = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      out += first ? JSON.stringify(key) : `,${JSON.stringify(key)}`;
      out += `:${serialize(member, ancestors)}`;
      first = false;
    }
    out += "}";
  }
  ancestors.pop();
  return out;
}

function leaf(value: unknown): string {
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) {
        throw new TypeError(`Non-finite number (${value}) is not permitted in JSON (RFC 8785 §3.2.2.3)`);
      }
      return JSON.stringify(value);
    default:
      if (value === null) return "null";
      // bigint (JSON.stringify throws on it too), function, symbol
      throw new TypeError(`${typeof value} has no JSON representation`);
  }
}

export type ContextHashInput = {
  agent_id: string;
  context_data: unknown;
  metadata?: unknown;
};

// The canonical JSON's UTF-8 goes into this buffer, reused hash after hash (keccak reads it at
// once) and grown for a larger text: no allocation per context.
let utf8Scratch = Buffer.allocUnsafe(64 * 1024);

function utf8Bytes(text: string): Buffer {
  // a UTF-16 code unit is at most 3 bytes of UTF-8
  if (text.length * 3 > utf8Scratch.length) utf8Scratch = Buffer.allocUnsafe(text.length * 3);
  return utf8Scratch.subarray(0, utf8Scratch.write(text, 0, "utf8"));
}

/** The canonical JSON of a context's hash preimage, and the UTF-8 size of its two free-form parts. */
export interface CanonicalContext {
  canonical: string;
  /**
   * bytes of context_data (and metadata) as compact JSON: the size of its canonical text, which is
   * JSON.stringify's, members reordered (RFC 8785 writes strings and numbers as JSON.stringify does)
   */
  contextDataBytes: number;
  metadataBytes: number;
}

/**
 * The canonical JSON of {agent_id, context_data, metadata} (metadata `{}` when left out), written
 * from its parts: the three keys are already in RFC 8785 order. The API computes it once per
 * context, to check the parts' sizes and then to hash it.
 */
export function canonicalContext(input: ContextHashInput): CanonicalContext {
  // Silently dropping an undefined context_data would hash a different shape; null metadata is
  // kept as null (it is what was stored), only a missing one becomes {}.
  if (input.context_data === undefined) throw new TypeError("context_data is required");
  // (an agent_id left out is left out, as canonicalJson of the whole object would)
  const agent = input.agent_id === undefined ? "" : `"agent_id":${canonicalJson(input.agent_id)},`;
  const contextData = canonicalJson(input.context_data);
  const metadata = input.metadata === undefined ? "{}" : canonicalJson(input.metadata);
  return {
    canonical: `{${agent}"context_data":${contextData},"metadata":${metadata}}`,
    contextDataBytes: Buffer.byteLength(contextData),
    metadataBytes: Buffer.byteLength(metadata),
  };
}

/** keccak256 of a canonical text's UTF-8 bytes: the context_hash when it is a context's. */
export function hashCanonical(canonical: string): Hex {
  return keccak256Hex(utf8Bytes(canonical));
}

/**
 * The context_hash: keccak256 over the UTF-8 bytes of the canonical JSON of
 * {agent_id, context_data, metadata}. metadata is always present (default {}) so the preimage has
 * one shape, and anyone holding the three fields can recompute the hash with any JCS library.
 */
export function hashContext(input: ContextHashInput): { canonical: string; contextHash: Hex } {
  const { canonical } = canonicalContext(input);
  return { canonical, contextHash: hashCanonical(canonical) };
}
