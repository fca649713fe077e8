-- A context's key family is its key's (issue 37, one stored form per thing; storage per context):
-- contexts.key_family_id was a copy of api_keys.family_id for the row's api_key_id, 31 bytes a
-- context. A reader restricted to its own key family now sees the contexts written by its family's
-- keys: ctxlog_reader_sees takes the row's key and the family's keys, which the reader lists once
-- (packages/db/src/contexts/reader-scope.ts, by api_keys_family_id_idx) and passes as a parameter,
-- so the function stays an expression the planner inlines (an argument holding a subquery would
-- keep it from inlining: a call a row). Verifications were read by their key's family so already.

-- The rows already there: the column is dropped once every row's family is its key's (one that is
-- not stops the upgrade, naming it, and nothing is dropped).
DO $$
DECLARE
  differing text;
BEGIN
  SELECT c."id" INTO differing
    FROM "contexts" AS c
    LEFT JOIN "api_keys" AS k ON k."id" = c."api_key_id"
   WHERE k."family_id" IS DISTINCT FROM c."key_family_id"
   LIMIT 1;
  IF differing IS NOT NULL THEN
    RAISE EXCEPTION 'context % has a key family other than its key''s', differing;
  END IF;
END $$;

DROP FUNCTION ctxlog_reader_sees("Visibility", text, "Visibility", text);

-- Which contexts a reader may see (packages/db/src/contexts/reader-scope.ts), defined once for
-- every statement that reads contexts for an API key or a dashboard session: a key that reads only
-- public contexts passes only_visibility 'public', one that reads only its own key family's passes
-- its family's keys as only_keys, a key that reads all of its user's passes neither (the user is
-- always the statement's own condition). An SQL expression function: the planner inlines it.
CREATE FUNCTION ctxlog_reader_sees(
  visibility "Visibility", api_key_id text, only_visibility "Visibility", only_keys text[]
) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (only_visibility IS NULL OR visibility = only_visibility)
     AND (only_keys IS NULL OR api_key_id = ANY(only_keys))
$$;

ALTER TABLE "contexts" DROP COLUMN "key_family_id";
