import type { CreateContextInput, JsonObject } from "./types";

/** The metadata key the salt goes under. */
export const SALT_METADATA_KEY = "ctxlog_salt";

/** 32 random bytes as 0x-hex, from the platform's CSPRNG (Node ≥ 19 and browsers have it). */
function randomSalt(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The context as sent: with `salt: true`, a fresh 32-byte random value in metadata (`ctxlog_salt`),
 * so context_hash cannot be reversed by guessing short or predictable data ("yes", an email
 * address) — it is hashed with the data and erased with it. Without, the input unchanged (less the
 * option). Keep the returned context if you want to prove it later: the salt is part of the hash.
 */
export function saltContext(input: CreateContextInput): Omit<CreateContextInput, "salt"> {
  const { salt, ...context } = input;
  if (!salt) return context;
  if (context.metadata && Object.hasOwn(context.metadata, SALT_METADATA_KEY)) {
    throw new TypeError(`ctxlog: metadata already has ${SALT_METADATA_KEY}; leave salt off or remove it`);
  }
  const metadata: JsonObject = { ...(context.metadata ?? {}), [SALT_METADATA_KEY]: randomSalt() };
  return { ...context, metadata };
}
