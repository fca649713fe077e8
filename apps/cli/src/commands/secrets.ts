import { parseArgs } from "node:util";
import { SecretDecryptionError, type SecretKeyring } from "@ctxlog/core";
import { type PrismaClient, reencryptWebhookSecrets, UnknownSecretKeysError } from "@ctxlog/db";
import type { Out } from "./output";
import { runSubcommand } from "./run-subcommand";

export const SECRETS_USAGE = `Usage:
  ctxlog secrets reencrypt [--json]   encrypt every webhook secret under SECRETS_ENCRYPTION_KEY
                                      (the rows of old keys)`;

/**
 * `ctxlog secrets reencrypt`: run after a new SECRETS_ENCRYPTION_KEY (the old one moved to
 * SECRETS_ENCRYPTION_OLD_KEYS) is deployed to every app. (Secrets stored as plaintext before
 * encryption are sealed by the migrations: the data step sealed_secrets.) Idempotent, row by row,
 * safe while the apps run.
 */
export async function runSecretsCommand(db: PrismaClient, argv: string[], out: Out, keyring: SecretKeyring) {
  await runSubcommand(
    argv,
    SECRETS_USAGE,
    { reencrypt: (args) => reencrypt(db, args, out, keyring) },
    // a key missing from the configuration: the operator's to fix
    [UnknownSecretKeysError, SecretDecryptionError],
  );
}

async function reencrypt(db: PrismaClient, args: string[], out: Out, keyring: SecretKeyring) {
  const {
    values: { json },
  } = parseArgs({ args, options: { json: { type: "boolean", default: false } }, strict: true });
  const { reencrypted } = await reencryptWebhookSecrets(db, keyring);
  const keyId = keyring.currentKeyId;
  out(
    json
      ? JSON.stringify({ reencrypted, key_id: keyId })
      : `Re-encrypted ${reencrypted} webhook row${reencrypted === 1 ? "" : "s"} under key "${keyId}"; every webhook secret is now under it.`,
  );
}
