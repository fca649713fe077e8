import { AppError } from "@ctxlog/core";
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";

/** The lowest zxcvbn score (0–4) a new password may have: 3 is "safely unguessable" online. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimator sees at most this many characters, and tries at most this many l33t substitutions.
 * Unbounded, zxcvbn took 0.3–2 s on this machine for a 64–256 character random password (on the
 * event loop); with these bounds the worst case measured was ~40 ms. A longer password is judged by
 * its first 64 characters, which only refuses more: a weak start stays weak whatever follows.
 */
const ESTIMATED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 10;

let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn with its common (leaked passwords, names, keyboard layouts) and English dictionaries:
 * a maintained estimator rather than rules typed here. Loaded and built on first use (~0.4 s: the
 * dictionaries are 1.6 MB of JavaScript, ranked then), kept for the process: an API process that
 * never sets a password never compiles them, nor does a test file that sets none.
 */
function strength(password: string, userInputs: string[]): ZxcvbnResult {
  if (!estimator) {
    const { ZxcvbnFactory: Factory } = require("@zxcvbn-ts/core") as typeof import("@zxcvbn-ts/core");
    const common = require("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common");
    const english = require("@zxcvbn-ts/language-en") as typeof import("@zxcvbn-ts/language-en");
    estimator = new Factory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: ESTIMATED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  }
  return estimator.check(password, userInputs);
}

/** zxcvbn's own feedback, as one sentence a person can act on. */
function advice(result: ZxcvbnResult): string {
  const { warning, suggestions } = result.feedback;
  const parts = [warning, ...suggestions].filter((part): part is string => Boolean(part));
  return parts.length ? ` ${parts.join(" ")}` : " Use a longer passphrase of uncommon words.";
}

/**
 * Why a new password is refused, or null when it is not. Length is the schema's business; this is
 * what the schema cannot know: how guessable the password is (zxcvbn's score, at least
 * MIN_PASSWORD_SCORE, the email's name and domain given as words an attacker would try), and whether it contains
 * the name before the @ of the account's email (the first thing someone who knows it would try,
 * refused even inside an otherwise strong passphrase).
 */
export function passwordProblem(password: string, email: string): string | null {
  const localPart = email.split("@")[0]?.toLowerCase() ?? "";
  // a name of one or two letters would refuse half of all passwords without making any safer
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    return "it contains the name of the account's email (before the @): choose another";
  }
  const domainLabels = email.split("@")[1]?.toLowerCase().split(".") ?? [];
  const result = strength(password, [localPart, ...domainLabels]);
  if (result.score < MIN_PASSWORD_SCORE) {
    return `it is too easy to guess (strength ${result.score} of 4; at least ${MIN_PASSWORD_SCORE} is needed).${advice(result)}`;
  }
  return null;
}

/** Throws the 400 VALIDATION_ERROR naming `field` when the new password is refused. */
export function checkNewPassword(field: string, password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) {
    throw new AppError("VALIDATION_ERROR", `Invalid request body — ${field}: ${problem}`, {
      details: [{ path: field, message: problem }],
    });
  }
}
