/* @name lastEndedAnchors */
-- the newest confirmed batch: the primary key read backwards (ids are time-ordered) stops at the
-- first confirmed one, a few in-flight rows in; the newest failed one from anchors (status,
-- signer, created_at): failed batches are few, so sorting them is cheap
SELECT (SELECT confirmed_at FROM anchors WHERE status = 'confirmed' ORDER BY id DESC LIMIT 1) AS confirmed_at,
       f.failed_at, f.failure_reason
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT failed_at, failure_reason FROM anchors WHERE status = 'failed' ORDER BY created_at DESC LIMIT 1
  ) AS f ON true;
