/* @name anchoringCostsByDay */
-- one user's contexts confirmed in [since, until), by batch (each batch's gas and price once, with
-- how many of the user's contexts it carries: n of its context_count), then by UTC day of the
-- batch's confirmation. A batch's gas and fee are shared evenly by its contexts: the user's share
-- is gas × n / context_count. Contexts are read as an id range over (user_id, id), ids being
-- time-ordered, from a day before the window (confirmation takes seconds), as the overview's series does.
SELECT to_char(b.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day!",
       sum(b.n)::int8 AS "contexts!",
       count(*)::int8 AS "batches!",
       sum(b.gas_used)::text AS "batch_gas!",
       round(sum(b.gas_used::numeric * b.n / b.context_count))::text AS "gas!",
       count(b.effective_gas_price)::int8 AS "priced_batches!",
       (coalesce(sum(b.n) FILTER (WHERE b.effective_gas_price IS NOT NULL), 0))::int8 AS "priced_contexts!",
       coalesce(sum(b.gas_used * b.effective_gas_price), 0)::text AS "batch_fee_wei!",
       round(coalesce(sum(b.gas_used * b.effective_gas_price * b.n / b.context_count), 0))::text AS "fee_wei!"
  FROM (
    SELECT a.id, a.confirmed_at, a.gas_used, a.effective_gas_price, a.context_count, count(*) AS n
      FROM contexts c
      CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
      JOIN confirmed_contexts m ON m.id = c.id
      JOIN anchors a ON a.ref = m.anchor_ref
     WHERE c.user_id = :userId! AND s.status = 'confirmed'
       AND c.id >= :idFloor! AND c.id < :idCeiling!
       AND a.confirmed_at >= :since! AND a.confirmed_at < :until! AND a.gas_used IS NOT NULL
     GROUP BY a.id
  ) AS b
 GROUP BY 1
 ORDER BY 1;
