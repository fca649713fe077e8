import {
  needsResealing,
  openSecret,
  type SealedSecret,
  type SecretKeyring,
  type StoredSecret,
  sealSecret,
} from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import {
  resealWebhookSecrets,
  secretKeysInUse,
  webhookSecrets,
  webhooksNotUnderKey,
} from "./reencrypt-webhook-secrets.queries";

interface SecretRow {
  id: string;
  secret: string;
  secret_key_id: string;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
}

/** Values under key ids the keyring lacks: found before anything is written. */
export class UnknownSecretKeysError extends Error {
  override readonly name = "UnknownSecretKeysError";
  constructor(readonly unknown: { keyId: string; values: number; example: string }[]) {
    const list = unknown
      .map((u) => `"${u.keyId}" (${u.values} value${u.values === 1 ? "" : "s"}, e.g. webhook ${u.example})`)
      .join(", ");
    super(
      `webhook secrets are encrypted under key id(s) ${list}, neither SECRETS_ENCRYPTION_KEY_ID nor in ` +
        "SECRETS_ENCRYPTION_OLD_KEYS; add those keys to SECRETS_ENCRYPTION_OLD_KEYS and run again. " +
        "Nothing was re-encrypted.",
    );
  }
}

const MAX_RACES = 5;

/**
 * Re-encrypts every webhook secret (current and previous, deleted webhooks included) that is not
 * under the keyring's current key: the rows of older keys. Idempotent; a
 * second run finds nothing to do. Safe while the apps run (they must already hold the new
 * keyring): one row per statement, each a compare-and-set on the values it read, so a concurrent
 * rotation is never overwritten — the row is read again. `updated_at` is left alone: nothing the
 * user sees changed. Returns how many rows were re-encrypted.
 */
export async function reencryptWebhookSecrets(
  db: DbOrTx,
  keyring: SecretKeyring,
  opts: { batchSize?: number } = {},
): Promise<{ reencrypted: number }> {
  const sql = sqlOf(db);
  await refuseUnknownKeys(sql, keyring);
  const current = keyring.currentKeyId;
  const batchSize = opts.batchSize ?? 100;
  let reencrypted = 0;
  let after = "";
  for (;;) {
    const rows = await runQuery(webhooksNotUnderKey, { after, current, limit: batchSize }, sql);
    for (const row of rows) {
      if (await resealRow(sql, keyring, row)) reencrypted += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return { reencrypted };
    after = last.id;
  }
}

async function refuseUnknownKeys(sql: SqlRunner, keyring: SecretKeyring): Promise<void> {
  const used = await runQuery(secretKeysInUse, undefined, sql);
  const unknown = used.filter((u) => !keyring.has(u.key_id));
  if (unknown.length > 0) {
    throw new UnknownSecretKeysError(
      unknown.map((u) => ({ keyId: u.key_id, values: u.values, example: u.example })),
    );
  }
}

function reseal(keyring: SecretKeyring, stored: StoredSecret, owner: string): SealedSecret {
  if (!needsResealing(keyring, stored)) return stored;
  return sealSecret(keyring, openSecret(keyring, stored, owner), owner);
}

function rowNeedsResealing(keyring: SecretKeyring, row: SecretRow): boolean {
  const current = keyring.currentKeyId;
  return (
    row.secret_key_id !== current || (row.previous_secret !== null && row.previous_secret_key_id !== current)
  );
}

/** One row; false when a concurrent write left nothing to do. Throws SecretDecryptionError. */
async function resealRow(sql: SqlRunner, keyring: SecretKeyring, first: SecretRow): Promise<boolean> {
  let row: SecretRow | undefined = first;
  for (let race = 0; race < MAX_RACES; race++) {
    if (!row || !rowNeedsResealing(keyring, row)) return false;
    const secret = reseal(keyring, { value: row.secret, keyId: row.secret_key_id }, row.id);
    // both or neither (rotate-webhook-secret.sql writes them together)
    const previous =
      row.previous_secret === null || row.previous_secret_key_id === null
        ? null
        : reseal(keyring, { value: row.previous_secret, keyId: row.previous_secret_key_id }, row.id);
    const updated = await runQuery(
      resealWebhookSecrets,
      {
        id: row.id,
        secret: secret.value,
        secretKeyId: secret.keyId,
        previousSecret: previous?.value ?? null,
        previousSecretKeyId: previous?.keyId ?? null,
        wasSecret: row.secret,
        wasSecretKeyId: row.secret_key_id,
        wasPreviousSecret: row.previous_secret,
        wasPreviousSecretKeyId: row.previous_secret_key_id,
      },
      sql,
    );
    if (updated.length === 1) return true;
    // Rotated meanwhile: read it again (the rotation may have left nothing to re-encrypt).
    [row] = await runQuery(webhookSecrets, { id: first.id }, sql);
  }
  throw new Error(`webhook ${first.id} kept changing while it was re-encrypted; run the command again`);
}
