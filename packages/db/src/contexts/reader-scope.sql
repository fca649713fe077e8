/* @name keysOfFamily */
-- every key of a key family (rolled keys share it; a key row is never deleted, a revoked one kept)
SELECT id AS "id!" FROM api_keys WHERE user_id = :userId! AND family_id = :familyId!;
