/* @name selectOne */
SELECT 1 AS "one!";
