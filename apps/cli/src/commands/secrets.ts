import { parseArgs } from "node:util";
import { SecretDecryptionError, type SecretKeyring } from "@ctxlog/core";
import { type PrismaClient, reencryptWebhookSecrets, UnknownSecretKeysError } from "@ctxlog/db";
import { asUsageError, UsageError } from "../env";

export const SECRETS_USAGE = `Usage:
  ctxlog secrets reencrypt [--json]   encrypt every webhook secret under SECRETS_ENCRYPTION_KEY
                                      (rows written before encryption, and rows of old keys)`;

type Out = (line: string) => void;

/**
 * `ctxlog secrets reencrypt`: run after a new SECRETS_ENCRYPTION_KEY (the old one moved to
 * SECRETS_ENCRYPTION_OLD_KEYS) is deployed to every app, and once after upgrading from plaintext
 * secrets. Idempotent, row by row, safe while the apps run.
 */
export async function runSecretsCommand(db: PrismaClient, argv: string[], out: Out, keyring: SecretKeyring) {
  const [sub, ...rest] = argv;
  if (sub !== "reencrypt") throw new UsageError(SECRETS_USAGE);
  let json: boolean;
  try {
    ({
      values: { json },
    } = parseArgs({ args: rest, options: { json: { type: "boolean", default: false } }, strict: true }));
  } catch (err) {
    throw asUsageError(err, SECRETS_USAGE);
  }
  let reencrypted: number;
  try {
    ({ reencrypted } = await reencryptWebhookSecrets(db, keyring));
  } catch (err) {
    // A key missing from the configuration: the operator's to fix, printed without a stack.
    if (err instanceof UnknownSecretKeysError || err instanceof SecretDecryptionError) {
      throw new UsageError(err.message);
    }
    throw err;
  }
  const keyId = keyring.currentKeyId;
  out(
    json
      ? JSON.stringify({ reencrypted, key_id: keyId })
      : `Re-encrypted ${reencrypted} webhook row${reencrypted === 1 ? "" : "s"} under key "${keyId}"; every webhook secret is now under it.`,
  );
}
