/* @name logPlacement */
-- A context's log index and its RFC 6962 inclusion proof (ctxlog_log_proof, out of the log's
-- tiles) in the log's tree of the given size, when the log holds it below that size: known as
-- soon as it is sequenced, before the tree head anchoring it is confirmed.
SELECT l.log_index AS "leafIndex!", ctxlog_log_proof(l.log_index, :treeSize!::bigint) AS "proof!"
  FROM tlog_leaves AS l
 WHERE l.id = :id! AND l.log_index < :treeSize!::bigint;
