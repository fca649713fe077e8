/* @name anchorIdHolding */
-- the batch it was confirmed in, else its row's (failed in), else the one in flight that lists it
SELECT COALESCE(
         (SELECT a.id FROM confirmed_contexts AS m JOIN anchors AS a ON a.ref = m.anchor_ref WHERE m.id = :id!),
         (SELECT anchor_id FROM contexts WHERE id = :id!),
         (SELECT a.id FROM anchors AS a
           WHERE a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids @> ARRAY[:id!]::text[]
           LIMIT 1)) AS id;
