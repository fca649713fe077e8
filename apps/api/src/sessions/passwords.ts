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
export const PASSWORD_HASH_COST = { memoryCost: 65_536, timeCost: 3 } as const;

export interface PasswordHashCost {
  /** KiB of memory per hash (argon2's m). */
  memoryCost: number;
  /** Passes over it (argon2's t). */
  timeCost: number;
}

let params: { readonly algorithm: 2; readonly parallelism: 1 } & PasswordHashCost = {
  algorithm: 2,
  parallelism: 1,
  ...PASSWORD_HASH_COST,
};

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, params);
}

let dummy: Promise<string> | undefined;

/**
 * Sets the cost of the hashes made from now on, for this process: the tests' harness lowers it
 * (hundreds of sign-ins per file), except where the cost is the point. Nothing else calls it; the
 * service always hashes at PASSWORD_HASH_COST. The dummy hash follows, so that unknown emails
 * still cost what a stored hash costs.
 */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  params = { ...params, ...cost };
  dummy = undefined;
}

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
