import { AppError } from "@ctxlog/core";
import { dictionary } from "@zxcvbn-ts/language-common";

/** How many of the most common passwords are refused (NIST SP 800-63B §3.1.1.2: a blocklist). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/**
 * The most common passwords, most common first, from @zxcvbn-ts/language-common: a maintained list
 * (built from leaked-password corpora) rather than one typed here. Read on first use, lowercased.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()),
  );
  return common;
}

/**
 * Why a new password is refused, or null when it is not. Length is the schema's business; this is
 * what the schema cannot know: a password that attackers try first, or one containing the name
 * before the @ of the account's email (the first thing someone who knows the email would try).
 */
export function passwordProblem(password: string, email: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) {
    return `it is one of the ${COMMON_PASSWORDS_REFUSED.toLocaleString("en")} most common passwords: choose another`;
  }
  const localPart = email.split("@")[0]?.toLowerCase() ?? "";
  // a name of one or two letters would refuse half of all passwords without making any safer
  if (localPart.length >= 3 && lower.includes(localPart)) {
    return "it contains the name of the account's email (before the @): choose another";
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
