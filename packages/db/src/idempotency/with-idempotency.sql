/* @name claimIdempotencyKey */
-- the claim, or nothing when the key has a record (live or expired)
INSERT INTO idempotency_keys (user_id, key_family_id, key, method, path, request_hash, response_status,
  response_body, created_at, expires_at)
VALUES (:userId!, :keyFamilyId!, :key!, :method!, :path!, :requestHash!, 0, '', :now!::timestamptz,
  :expiresAt!::timestamptz)
ON CONFLICT (key_family_id, key) DO NOTHING
RETURNING 1 AS "claimed!";

/* @name reclaimExpiredIdempotencyKey */
-- an expired record taken over as if it were not there (its user stays the one that first claimed
-- the key: the family is one user's)
UPDATE idempotency_keys
   SET method = :method!, path = :path!, request_hash = :requestHash!, response_status = 0,
       response_body = '', created_at = :now!::timestamptz, expires_at = :expiresAt!::timestamptz
 WHERE key_family_id = :keyFamilyId! AND key = :key! AND expires_at <= :now!::timestamptz
RETURNING 1 AS "claimed!";

/* @name idempotencyRecordOf */
SELECT method, path, request_hash, response_status, response_body
  FROM idempotency_keys
 WHERE key_family_id = :keyFamilyId! AND key = :key!;

/* @name storeIdempotentResponse */
UPDATE idempotency_keys SET response_status = :status!, response_body = :body!
 WHERE key_family_id = :keyFamilyId! AND key = :key!
RETURNING 1 AS "stored!";

/* @name deleteExpiredIdempotencyKeysAt */
WITH deleted AS (DELETE FROM idempotency_keys WHERE expires_at <= :now!::timestamptz RETURNING 1)
SELECT count(*)::int AS "count!" FROM deleted;
