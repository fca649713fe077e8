/* @name upsertWitnessPolicy */
-- The chain worker's policy at its start-up replaces the one before (one row, id = true).
INSERT INTO tlog_witness_policy (id, threshold, witnesses, updated_at)
VALUES (true, :threshold!::int, :witnesses!::jsonb, CURRENT_TIMESTAMP)
ON CONFLICT (id) DO UPDATE
  SET threshold = EXCLUDED.threshold, witnesses = EXCLUDED.witnesses, updated_at = EXCLUDED.updated_at;

/* @name witnessPolicy */
SELECT threshold AS "threshold!", witnesses AS "witnesses!" FROM tlog_witness_policy WHERE id;

/* @name insertCosignature */
-- A witness answers the same checkpoint once; a second answer (a retry) keeps the first.
INSERT INTO tlog_cosignatures (size, witness, key_id, signature)
VALUES (:size!::bigint, :witness!, :keyId!::bigint, :signature!::bytea)
ON CONFLICT (size, witness, key_id) DO NOTHING;

/* @name lastCosignedSize */
-- Where the witness's next consistency proof starts: the newest size it cosigned.
SELECT size::text AS "size!" FROM tlog_cosignatures
 WHERE witness = :witness! AND key_id = :keyId!::bigint
 ORDER BY size DESC LIMIT 1;

/* @name cosignaturesAt */
SELECT witness AS "witness!", key_id::text AS "key_id!", signature AS "signature!"
  FROM tlog_cosignatures WHERE size = :size!::bigint ORDER BY witness, key_id;

/* @name publishedCheckpoint */
-- The newest checkpoint cosigned by at least `threshold` of the policy's witnesses (threshold 0 or
-- no policy: the newest). Walked from the newest checkpoint down (the primary key, backwards) with
-- a count per checkpoint, so it reads only the checkpoints signed since the one it returns.
SELECT c.size::text AS "size!", c.note AS "note!", c.created_at AS "created_at!"
  FROM tlog_checkpoints AS c
  LEFT JOIN tlog_witness_policy AS p ON p.id
 WHERE COALESCE(p.threshold, 0) = 0
    OR (SELECT count(*) FROM tlog_cosignatures AS s
         WHERE s.size = c.size
           AND (s.witness, s.key_id) IN (
             SELECT w.name, w.key_id FROM jsonb_to_recordset(p.witnesses) AS w(name text, key_id bigint))
       ) >= p.threshold
 ORDER BY c.size DESC LIMIT 1;
