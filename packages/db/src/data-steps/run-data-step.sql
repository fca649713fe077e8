/* @name lockDataSteps */
-- one data step at a time across migrating processes ("ctxds")
SELECT pg_advisory_xact_lock(427155809395) AS locked;

/* @name findDataStep */
SELECT name FROM ctxlog_data_steps WHERE name = :name!;

/* @name recordDataStep */
INSERT INTO ctxlog_data_steps (name, after_migration) VALUES (:name!, :afterMigration!) RETURNING name;
