/* @name publishContextSigners */
-- schema: 20261130005000_context_references (its step runs right after it: docs/sql.md)
-- every address found on contexts as an "attestation" signer, its period from its first context to
-- its last; an address already published has its period widened to cover them
INSERT INTO signers (address, kind, valid_from, last_seen_at)
SELECT signer_address, 'attestation', min(created_at), max(created_at)
  FROM contexts
 GROUP BY signer_address
ON CONFLICT (address, kind) DO UPDATE SET
  valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
  last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at);
