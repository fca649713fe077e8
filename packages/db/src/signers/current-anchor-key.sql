/* @name currentAnchorKeyOf */
SELECT address FROM signers
 WHERE kind = 'anchor' AND valid_until IS NULL
 ORDER BY last_seen_at DESC
 LIMIT 1;
