/* @name acquireSignerLeaseOf */
INSERT INTO signer_leases (signer_address, holder, epoch, expires_at)
VALUES (:signerAddress!, :holder!, 1, now() + make_interval(secs => :ttlSeconds!::float8))
ON CONFLICT (signer_address) DO UPDATE SET
  epoch = CASE WHEN signer_leases.holder = EXCLUDED.holder THEN signer_leases.epoch
               ELSE signer_leases.epoch + 1 END,
  holder = EXCLUDED.holder,
  expires_at = EXCLUDED.expires_at
WHERE signer_leases.holder = EXCLUDED.holder OR signer_leases.expires_at < now()
RETURNING epoch::text AS "epoch!";

/* @name releaseSignerLeaseOf */
UPDATE signer_leases SET expires_at = now() - interval '1 millisecond'
 WHERE signer_address = :signerAddress! AND holder = :holder! AND epoch = :epoch!::bigint;

/* @name holdsSignerLeaseOf */
-- share-locked: a takeover waits for the transaction that checked it to end
SELECT 1 AS ok FROM signer_leases
 WHERE signer_address = :signerAddress! AND holder = :holder! AND epoch = :epoch!::bigint
   AND expires_at > now()
   FOR SHARE;
