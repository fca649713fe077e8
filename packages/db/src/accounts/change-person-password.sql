/* @name setPersonPassword */
UPDATE people SET password_hash = :passwordHash! WHERE id = :personId! RETURNING id;
