/* @name contextsNamingTransaction */
-- the reader's rows with this hash that name, as their own batch (failed in), the batch whose
-- transaction this is.
SELECT c.*
  FROM contexts c
  JOIN anchors a ON a.id = c.anchor_id
 WHERE c.user_id = :userId!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
   AND c.context_hash = :contextHash!
   AND a.transaction_hash = :transactionHash!
 ORDER BY c.id
 LIMIT :limit!::int;

/* @name contextsWithHash */
-- the reader's rows with this hash, oldest first
SELECT c.*
  FROM contexts c
 WHERE c.user_id = :userId!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
   AND c.context_hash = :contextHash!
 ORDER BY c.id
 LIMIT :limit!::int;

/* @name newestContextWithHash */
SELECT c.id, c.created_at, c.anchor_id
  FROM contexts c
 WHERE c.user_id = :userId!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
   AND c.context_hash = :contextHash!
 ORDER BY c.id DESC
 LIMIT 1;
