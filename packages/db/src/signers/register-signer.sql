/* @name registerSignerOf */
INSERT INTO signers (address, kind, valid_from, last_seen_at)
VALUES (:address!, :kind!, :startedAt!, :now!)
ON CONFLICT (address, kind) DO UPDATE SET
  valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
  last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at),
  valid_until = NULL;

/* @name retireStaleSignersOf */
UPDATE signers SET valid_until = last_seen_at + make_interval(secs => :heartbeatSeconds!::float8)
 WHERE kind = 'attestation' AND valid_until IS NULL AND address <> :current!
   AND last_seen_at < :staleBefore!
RETURNING address;
