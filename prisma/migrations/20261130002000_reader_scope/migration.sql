-- Which contexts a reader may see (packages/db/src/contexts/reader-scope.ts), defined once for
-- every statement that reads contexts for an API key or a dashboard session: a key that reads only
-- public contexts passes only_visibility 'public', one that reads only its own key family's passes
-- only_family, a key that reads all of its user's passes neither (the user is always the
-- statement's own condition). An SQL expression function: the planner inlines it, and a statement
-- sent unnamed (pg) is planned with the values, so the branches that do not apply fold away and
-- the indexes on (user_id, …) serve as before.
CREATE FUNCTION ctxlog_reader_sees(
  visibility "Visibility", key_family_id text, only_visibility "Visibility", only_family text
) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (only_visibility IS NULL OR visibility = only_visibility)
     AND (only_family IS NULL OR key_family_id = only_family)
$$;
