import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with 64 MiB of memory, 3 passes, one lane: the second recommendation of RFC 9106 §4
 * (with one lane rather than four, as the API's host may have two cores). 45–120 ms a hash on
 * the project's 2-core machine. Runs on libuv's thread pool, off the
 * event loop. The parameters are in each stored PHC string, so raising them later keeps old
 * hashes verifiable.
 */
// algorithm 2 = Argon2id (the package's `Algorithm` is a const enum, which isolated modules cannot read)
const PARAMS = { algorithm: 2, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash, or, when there is none (an unknown email, an account
 * that has not set a password yet), against a dummy hash of the same cost: every failed sign-in
 * takes the same time, so its timing does not tell whether the email exists. argon2's own
 * comparison of the digests is constant-time.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(randomBytes(32).toString("base64"));
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}
