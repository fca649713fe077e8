/* @name findContextToRetry */
SELECT c.id, c.retry_possible FROM contexts AS c
 WHERE c.id = :contextId! AND c.user_id = :userId!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys);
