/** Types generated for queries found in "packages/db/src/tlog/witness-cosignatures.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'UpsertWitnessPolicy' parameters type */
export interface IUpsertWitnessPolicyParams {
  threshold: number;
  witnesses: Json;
}

/** 'UpsertWitnessPolicy' return type */
export type IUpsertWitnessPolicyResult = void;

/** 'UpsertWitnessPolicy' query type */
export interface IUpsertWitnessPolicyQuery {
  params: IUpsertWitnessPolicyParams;
  result: IUpsertWitnessPolicyResult;
}

const upsertWitnessPolicyIR: any = {"usedParamSet":{"threshold":true,"witnesses":true},"params":[{"name":"threshold","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":186}]},{"name":"witnesses","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":204}]}],"statement":"-- The chain worker's policy at its start-up replaces the one before (one row, id = true).\nINSERT INTO tlog_witness_policy (id, threshold, witnesses, updated_at)\nVALUES (true, :threshold!::int, :witnesses!::jsonb, CURRENT_TIMESTAMP)\nON CONFLICT (id) DO UPDATE\n  SET threshold = EXCLUDED.threshold, witnesses = EXCLUDED.witnesses, updated_at = EXCLUDED.updated_at"};

/**
 * Query generated from SQL:
 * ```
 * -- The chain worker's policy at its start-up replaces the one before (one row, id = true).
 * INSERT INTO tlog_witness_policy (id, threshold, witnesses, updated_at)
 * VALUES (true, :threshold!::int, :witnesses!::jsonb, CURRENT_TIMESTAMP)
 * ON CONFLICT (id) DO UPDATE
 *   SET threshold = EXCLUDED.threshold, witnesses = EXCLUDED.witnesses, updated_at = EXCLUDED.updated_at
 * ```
 */
export const upsertWitnessPolicy = new PreparedQuery<IUpsertWitnessPolicyParams,IUpsertWitnessPolicyResult>(upsertWitnessPolicyIR);


/** 'WitnessPolicy' parameters type */
export type IWitnessPolicyParams = void;

/** 'WitnessPolicy' return type */
export interface IWitnessPolicyResult {
  threshold: number;
  witnesses: Json;
}

/** 'WitnessPolicy' query type */
export interface IWitnessPolicyQuery {
  params: IWitnessPolicyParams;
  result: IWitnessPolicyResult;
}

const witnessPolicyIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT threshold AS \"threshold!\", witnesses AS \"witnesses!\" FROM tlog_witness_policy WHERE id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT threshold AS "threshold!", witnesses AS "witnesses!" FROM tlog_witness_policy WHERE id
 * ```
 */
export const witnessPolicy = new PreparedQuery<IWitnessPolicyParams,IWitnessPolicyResult>(witnessPolicyIR);


/** 'InsertCosignature' parameters type */
export interface IInsertCosignatureParams {
  keyId: NumberOrString;
  signature: Buffer;
  size: NumberOrString;
  witness: string;
}

/** 'InsertCosignature' return type */
export type IInsertCosignatureResult = void;

/** 'InsertCosignature' query type */
export interface IInsertCosignatureQuery {
  params: IInsertCosignatureParams;
  result: IInsertCosignatureResult;
}

const insertCosignatureIR: any = {"usedParamSet":{"size":true,"witness":true,"keyId":true,"signature":true},"params":[{"name":"size","required":true,"transform":{"type":"scalar"},"locs":[{"a":163,"b":168}]},{"name":"witness","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":187}]},{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":196}]},{"name":"signature","required":true,"transform":{"type":"scalar"},"locs":[{"a":207,"b":217}]}],"statement":"-- A witness answers the same checkpoint once; a second answer (a retry) keeps the first.\nINSERT INTO tlog_cosignatures (size, witness, key_id, signature)\nVALUES (:size!::bigint, :witness!, :keyId!::bigint, :signature!::bytea)\nON CONFLICT (size, witness, key_id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- A witness answers the same checkpoint once; a second answer (a retry) keeps the first.
 * INSERT INTO tlog_cosignatures (size, witness, key_id, signature)
 * VALUES (:size!::bigint, :witness!, :keyId!::bigint, :signature!::bytea)
 * ON CONFLICT (size, witness, key_id) DO NOTHING
 * ```
 */
export const insertCosignature = new PreparedQuery<IInsertCosignatureParams,IInsertCosignatureResult>(insertCosignatureIR);


/** 'LastCosignedSize' parameters type */
export interface ILastCosignedSizeParams {
  keyId: NumberOrString;
  witness: string;
}

/** 'LastCosignedSize' return type */
export interface ILastCosignedSizeResult {
  size: string;
}

/** 'LastCosignedSize' query type */
export interface ILastCosignedSizeQuery {
  params: ILastCosignedSizeParams;
  result: ILastCosignedSizeResult;
}

const lastCosignedSizeIR: any = {"usedParamSet":{"witness":true,"keyId":true},"params":[{"name":"witness","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":160}]},{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":181}]}],"statement":"-- Where the witness's next consistency proof starts: the newest size it cosigned.\nSELECT size::text AS \"size!\" FROM tlog_cosignatures\n WHERE witness = :witness! AND key_id = :keyId!::bigint\n ORDER BY size DESC LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- Where the witness's next consistency proof starts: the newest size it cosigned.
 * SELECT size::text AS "size!" FROM tlog_cosignatures
 *  WHERE witness = :witness! AND key_id = :keyId!::bigint
 *  ORDER BY size DESC LIMIT 1
 * ```
 */
export const lastCosignedSize = new PreparedQuery<ILastCosignedSizeParams,ILastCosignedSizeResult>(lastCosignedSizeIR);


/** 'CosignaturesAt' parameters type */
export interface ICosignaturesAtParams {
  size: NumberOrString;
}

/** 'CosignaturesAt' return type */
export interface ICosignaturesAtResult {
  key_id: string;
  signature: Buffer;
  witness: string;
}

/** 'CosignaturesAt' query type */
export interface ICosignaturesAtQuery {
  params: ICosignaturesAtParams;
  result: ICosignaturesAtResult;
}

const cosignaturesAtIR: any = {"usedParamSet":{"size":true},"params":[{"name":"size","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":126}]}],"statement":"SELECT witness AS \"witness!\", key_id::text AS \"key_id!\", signature AS \"signature!\"\n  FROM tlog_cosignatures WHERE size = :size!::bigint ORDER BY witness, key_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT witness AS "witness!", key_id::text AS "key_id!", signature AS "signature!"
 *   FROM tlog_cosignatures WHERE size = :size!::bigint ORDER BY witness, key_id
 * ```
 */
export const cosignaturesAt = new PreparedQuery<ICosignaturesAtParams,ICosignaturesAtResult>(cosignaturesAtIR);


/** 'PublishedCheckpoint' parameters type */
export type IPublishedCheckpointParams = void;

/** 'PublishedCheckpoint' return type */
export interface IPublishedCheckpointResult {
  created_at: Date;
  note: string;
  size: string;
}

/** 'PublishedCheckpoint' query type */
export interface IPublishedCheckpointQuery {
  params: IPublishedCheckpointParams;
  result: IPublishedCheckpointResult;
}

const publishedCheckpointIR: any = {"usedParamSet":{},"params":[],"statement":"-- The newest checkpoint cosigned by at least `threshold` of the policy's witnesses (threshold 0 or\n-- no policy: the newest). Walked from the newest checkpoint down (the primary key, backwards) with\n-- a count per checkpoint, so it reads only the checkpoints signed since the one it returns.\nSELECT c.size::text AS \"size!\", c.note AS \"note!\", c.created_at AS \"created_at!\"\n  FROM tlog_checkpoints AS c\n  LEFT JOIN tlog_witness_policy AS p ON p.id\n WHERE COALESCE(p.threshold, 0) = 0\n    OR (SELECT count(*) FROM tlog_cosignatures AS s\n         WHERE s.size = c.size\n           AND (s.witness, s.key_id) IN (\n             SELECT w.name, w.key_id FROM jsonb_to_recordset(p.witnesses) AS w(name text, key_id bigint))\n       ) >= p.threshold\n ORDER BY c.size DESC LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- The newest checkpoint cosigned by at least `threshold` of the policy's witnesses (threshold 0 or
 * -- no policy: the newest). Walked from the newest checkpoint down (the primary key, backwards) with
 * -- a count per checkpoint, so it reads only the checkpoints signed since the one it returns.
 * SELECT c.size::text AS "size!", c.note AS "note!", c.created_at AS "created_at!"
 *   FROM tlog_checkpoints AS c
 *   LEFT JOIN tlog_witness_policy AS p ON p.id
 *  WHERE COALESCE(p.threshold, 0) = 0
 *     OR (SELECT count(*) FROM tlog_cosignatures AS s
 *          WHERE s.size = c.size
 *            AND (s.witness, s.key_id) IN (
 *              SELECT w.name, w.key_id FROM jsonb_to_recordset(p.witnesses) AS w(name text, key_id bigint))
 *        ) >= p.threshold
 *  ORDER BY c.size DESC LIMIT 1
 * ```
 */
export const publishedCheckpoint = new PreparedQuery<IPublishedCheckpointParams,IPublishedCheckpointResult>(publishedCheckpointIR);


