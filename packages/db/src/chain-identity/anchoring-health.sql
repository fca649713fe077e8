/* @name saveAnchoringHealthOf */
INSERT INTO anchoring_health (network, state, last_error, last_error_at, oldest_pending_at,
  threshold_seconds, updated_at)
VALUES (:network!, :state!, :lastError, :lastErrorAt, :oldestPendingAt, :thresholdSeconds!, now())
ON CONFLICT (network) DO UPDATE SET
  state = EXCLUDED.state, last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at,
  oldest_pending_at = EXCLUDED.oldest_pending_at, threshold_seconds = EXCLUDED.threshold_seconds,
  updated_at = now();

/* @name anchoringHealthOf */
SELECT network, state, last_error, last_error_at, oldest_pending_at, threshold_seconds, updated_at
  FROM anchoring_health
 WHERE network = :network!;
