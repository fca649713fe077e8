import { z } from "zod";
import { optionalEnv } from "../config";
import {
  decodeEncryptionKey,
  parseOldKeys,
  SECRET_KEY_HINT,
  SECRET_KEY_ID_HINT,
  SECRET_KEY_ID_PATTERN,
  SecretKeyring,
} from "./keyring";

// The zod pieces every app's env.ts composes, so the three variables mean the same everywhere.
// Messages never echo a value: these variables hold keys.

export const encryptionKeyEnv = z
  .string({ error: `required: ${SECRET_KEY_HINT}` })
  .refine((raw) => decodeEncryptionKey(raw) !== null, `expected ${SECRET_KEY_HINT}`);

export const encryptionKeyIdEnv = z
  .string({ error: `required: the id of SECRETS_ENCRYPTION_KEY, ${SECRET_KEY_ID_HINT}` })
  .regex(SECRET_KEY_ID_PATTERN, `expected ${SECRET_KEY_ID_HINT}`);

export const oldEncryptionKeysEnv = optionalEnv(
  z.string().superRefine((raw, ctx) => {
    const parsed = parseOldKeys(raw);
    if ("problem" in parsed) ctx.addIssue({ code: "custom", message: parsed.problem });
  }),
);

/** The three variables, to spread into an app's env schema. */
export const secretsEncryptionEnv = {
  SECRETS_ENCRYPTION_KEY: encryptionKeyEnv,
  SECRETS_ENCRYPTION_KEY_ID: encryptionKeyIdEnv,
  SECRETS_ENCRYPTION_OLD_KEYS: oldEncryptionKeysEnv,
};

export interface SecretsEncryptionEnv {
  SECRETS_ENCRYPTION_KEY?: string;
  SECRETS_ENCRYPTION_KEY_ID?: string;
  SECRETS_ENCRYPTION_OLD_KEYS?: string;
}

/** For the env schema's superRefine: an old key may not reuse the current key's id. */
export function checkSecretsEncryptionEnv(env: SecretsEncryptionEnv, ctx: z.RefinementCtx): void {
  const current = env.SECRETS_ENCRYPTION_KEY_ID;
  const old = env.SECRETS_ENCRYPTION_OLD_KEYS ? parseOldKeys(env.SECRETS_ENCRYPTION_OLD_KEYS) : [];
  if (current && Array.isArray(old) && old.some((k) => k.id === current)) {
    ctx.addIssue({
      code: "custom",
      path: ["SECRETS_ENCRYPTION_OLD_KEYS"],
      message: `key id "${current}" is the current SECRETS_ENCRYPTION_KEY_ID; give the new key a new id`,
    });
  }
}

/** The keyring of a validated environment. */
export function secretKeyringFromEnv(
  env: Required<Pick<SecretsEncryptionEnv, "SECRETS_ENCRYPTION_KEY" | "SECRETS_ENCRYPTION_KEY_ID">> &
    SecretsEncryptionEnv,
): SecretKeyring {
  return SecretKeyring.parse({
    key: env.SECRETS_ENCRYPTION_KEY,
    keyId: env.SECRETS_ENCRYPTION_KEY_ID,
    oldKeys: env.SECRETS_ENCRYPTION_OLD_KEYS,
  });
}
