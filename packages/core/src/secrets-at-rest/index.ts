export {
  decodeEncryptionKey,
  type OldKey,
  parseOldKeys,
  SECRET_KEY_BYTES,
  SECRET_KEY_ID_PATTERN,
  SecretKeyring,
  SecretKeyringError,
  type SecretKeyringInput,
} from "./keyring";
export {
  checkSecretsEncryptionEnv,
  encryptionKeyEnv,
  encryptionKeyIdEnv,
  oldEncryptionKeysEnv,
  type SecretsEncryptionEnv,
  secretKeyringFromEnv,
  secretsEncryptionEnv,
} from "./keyring-env";
export {
  needsResealing,
  openSecret,
  type SealedSecret,
  SecretDecryptionError,
  type SecretOpenFailure,
  type StoredSecret,
  sealSecret,
} from "./sealed-secret";
