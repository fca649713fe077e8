/* @name setKeyLastUsed */
UPDATE api_keys SET last_used_at = :now!
 WHERE id = :keyId! AND (last_used_at IS NULL OR last_used_at < :usedBefore!);
