/* @name setLocalLockTimeout */
-- SET LOCAL lock_timeout: how long the transaction's statements wait for a lock, in milliseconds
SELECT set_config('lock_timeout', :ms!::int::text, true) AS "lock_timeout!";
