/** Types generated for queries found in "packages/db/src/data-steps/sealed-secrets.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'PlaintextSecrets' parameters type */
export type IPlaintextSecretsParams = void;

/** 'PlaintextSecrets' return type */
export interface IPlaintextSecretsResult {
  id: string;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
  secret: string;
  secret_key_id: string | null;
}

/** 'PlaintextSecrets' query type */
export interface IPlaintextSecretsQuery {
  params: IPlaintextSecretsParams;
  result: IPlaintextSecretsResult;
}

const plaintextSecretsIR: any = {"usedParamSet":{},"params":[],"statement":"-- schema: 20261130010108_hashes_as_bytes (its step runs right after it: docs/sql.md)\n-- webhooks (deleted ones too) whose secret or previous secret is still the plaintext written before\n-- secrets were encrypted (its key id NULL, which this schema's NOT NULL, added after this step, hides\n-- from the generated type)\nSELECT id AS \"id!\", secret AS \"secret!\", secret_key_id AS \"secret_key_id?\", previous_secret, previous_secret_key_id\n  FROM webhooks\n WHERE secret_key_id IS NULL OR (previous_secret IS NOT NULL AND previous_secret_key_id IS NULL)\n ORDER BY id"};

/**
 * Query generated from SQL:
 * ```
 * -- schema: 20261130010108_hashes_as_bytes (its step runs right after it: docs/sql.md)
 * -- webhooks (deleted ones too) whose secret or previous secret is still the plaintext written before
 * -- secrets were encrypted (its key id NULL, which this schema's NOT NULL, added after this step, hides
 * -- from the generated type)
 * SELECT id AS "id!", secret AS "secret!", secret_key_id AS "secret_key_id?", previous_secret, previous_secret_key_id
 *   FROM webhooks
 *  WHERE secret_key_id IS NULL OR (previous_secret IS NOT NULL AND previous_secret_key_id IS NULL)
 *  ORDER BY id
 * ```
 */
export const plaintextSecrets = new PreparedQuery<IPlaintextSecretsParams,IPlaintextSecretsResult>(plaintextSecretsIR);


/** 'SealSecrets' parameters type */
export interface ISealSecretsParams {
  id: string;
  previousSecret?: string | null | void;
  previousSecretKeyId?: string | null | void;
  secret: string;
  secretKeyId: string;
}

/** 'SealSecrets' return type */
export type ISealSecretsResult = void;

/** 'SealSecrets' query type */
export interface ISealSecretsQuery {
  params: ISealSecretsParams;
  result: ISealSecretsResult;
}

const sealSecretsIR: any = {"usedParamSet":{"secret":true,"secretKeyId":true,"previousSecret":true,"previousSecretKeyId":true,"id":true},"params":[{"name":"secret","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":120}]},{"name":"secretKeyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":151}]},{"name":"previousSecret","required":false,"transform":{"type":"scalar"},"locs":[{"a":179,"b":193}]},{"name":"previousSecretKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":221,"b":240}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":254,"b":257}]}],"statement":"-- the sealed values of one row: a value already sealed is handed back as it was\nUPDATE webhooks\n   SET secret = :secret!, secret_key_id = :secretKeyId!,\n       previous_secret = :previousSecret, previous_secret_key_id = :previousSecretKeyId\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * -- the sealed values of one row: a value already sealed is handed back as it was
 * UPDATE webhooks
 *    SET secret = :secret!, secret_key_id = :secretKeyId!,
 *        previous_secret = :previousSecret, previous_secret_key_id = :previousSecretKeyId
 *  WHERE id = :id!
 * ```
 */
export const sealSecrets = new PreparedQuery<ISealSecretsParams,ISealSecretsResult>(sealSecretsIR);


