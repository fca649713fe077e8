import { type SecretKeyring, type StoredSecret, sealSecret } from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import type { DataStep, DataStepContext } from "./data-step";
import { plaintextSecrets, sealSecrets } from "./sealed-secrets.queries";

/** Plaintext secrets are in the database and the process migrating it holds no keyring to seal them. */
export class PlaintextSecretsWithoutKeyringError extends Error {
  override readonly name = "PlaintextSecretsWithoutKeyringError";
  constructor(readonly webhooks: number) {
    super(
      `${webhooks} webhook${webhooks === 1 ? " keeps its" : "s keep their"} signing secret as plaintext (written before ` +
        "secrets were encrypted), and this migration encrypts them: run it with SECRETS_ENCRYPTION_KEY and " +
        "SECRETS_ENCRYPTION_KEY_ID set as the API and the webhook worker have them. Nothing was changed.",
    );
  }
}

/** A value as stored: sealed under the keyring's current key when it was plaintext, else as it was. */
function sealed(keyring: SecretKeyring, value: string, keyId: string | null, owner: string): StoredSecret {
  return keyId === null ? sealSecret(keyring, value, owner) : { value, keyId };
}

/**
 * Seals every webhook secret still stored as plaintext (a NULL key id: rows written before secrets
 * were encrypted), so that no reader keeps that form (issue 37): migration
 * 20261130020000_secrets_always_sealed then makes the key id required. Encrypting needs the
 * keyring, which only the apps' environment holds: `npm run db:migrate` passes the one of its own
 * environment. Without one, a database holding plaintext secrets is refused, unchanged; one without
 * (every database created since encryption) needs none.
 */
async function sealPlaintextSecrets(sql: SqlRunner, { keyring }: DataStepContext): Promise<void> {
  const rows = await runQuery(plaintextSecrets, undefined, sql);
  if (rows.length === 0) return;
  if (!keyring) throw new PlaintextSecretsWithoutKeyringError(rows.length);
  for (const row of rows) {
    const secret = sealed(keyring, row.secret, row.secret_key_id, row.id);
    const previous =
      row.previous_secret === null
        ? null
        : sealed(keyring, row.previous_secret, row.previous_secret_key_id, row.id);
    await runQuery(
      sealSecrets,
      {
        id: row.id,
        secret: secret.value,
        secretKeyId: secret.keyId,
        previousSecret: previous?.value ?? null,
        previousSecretKeyId: previous?.keyId ?? null,
      },
      sql,
    );
  }
}

export const SEALED_SECRETS: DataStep = {
  after: "20261130010108_hashes_as_bytes",
  name: "sealed_secrets",
  run: sealPlaintextSecrets,
};
