/* @name setPersonOfAccount */
UPDATE accounts SET person_id = :personId! WHERE id = :accountId! RETURNING id;
