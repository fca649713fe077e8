/* @name foldAnchorSignersOf */
INSERT INTO signers (address, kind, valid_from, last_seen_at)
SELECT signer_address, 'anchor', min(created_at), max(created_at)
  FROM anchors
 WHERE (:address::text IS NULL OR signer_address = :address)
 GROUP BY signer_address
ON CONFLICT (address, kind) DO UPDATE SET
  valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
  last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)
RETURNING address;

/* @name closeEarlierAnchorKeys */
-- the latest anchor key is in use; one another key has anchored after has ended its period
UPDATE signers AS s SET valid_until = CASE WHEN EXISTS (
    SELECT 1 FROM signers AS o WHERE o.kind = 'anchor' AND o.address <> s.address
       AND o.last_seen_at > s.last_seen_at) THEN s.last_seen_at END
 WHERE s.kind = 'anchor';
