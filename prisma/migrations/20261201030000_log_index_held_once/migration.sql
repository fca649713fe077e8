-- A context's log index is held once (issue 37, one stored form per thing; storage per context): a
-- context anchored by the log's tree head had it twice, in its tlog_leaves row (written by the
-- sequencer) and as its leaf in confirmed_contexts (written by the confirmation: the leaf of a
-- tree-head anchor is the log index). From now on the confirmation moves it: it writes the
-- confirmed_contexts row and deletes the tlog_leaves row in one statement, so tlog_leaves holds the
-- sequenced contexts not yet confirmed by a tree head (pending, failed, or confirmed by a batch's
-- own tree, whose leaf is its place in that tree). ~118 bytes a context compact (a heap row and a
-- key entry).
-- ctxlog_log_index is the one rule that reads it: a context's tlog_leaves row's log index while
-- it has one, else its leaf when its confirmed_contexts row names an anchor of the log's tree head
-- (tree_size set); null for a context the log does not hold. An expression over the columns its
-- callers join (inlined by the planner), so each reader keeps its own plan.
CREATE FUNCTION ctxlog_log_index(log_leaf_index bigint, anchor_tree_size bigint, confirmed_leaf_index integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(log_leaf_index, CASE WHEN anchor_tree_size IS NOT NULL THEN confirmed_leaf_index::bigint END)
$$;

-- The rows already there: a context confirmed by a tree head keeps its log index in
-- confirmed_contexts alone, once both copies are checked to agree (one that does not stops the
-- upgrade, naming it, and nothing is deleted).
DO $$
DECLARE
  differing text;
BEGIN
  SELECT l."id" INTO differing
    FROM "tlog_leaves" AS l
    JOIN "confirmed_contexts" AS m ON m."id" = l."id"
    JOIN "anchors" AS a ON a."id" = m."anchor_id"
   WHERE a."tree_size" IS NOT NULL AND m."leaf_index"::bigint <> l."log_index"
   LIMIT 1;
  IF differing IS NOT NULL THEN
    RAISE EXCEPTION 'context % has a log index in tlog_leaves other than its leaf in confirmed_contexts', differing;
  END IF;
END $$;

DELETE FROM "tlog_leaves" AS l
 USING "confirmed_contexts" AS m, "anchors" AS a
 WHERE m."id" = l."id" AND a."id" = m."anchor_id" AND a."tree_size" IS NOT NULL;
