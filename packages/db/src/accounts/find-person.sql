/* @name personByEmail */
SELECT * FROM people WHERE email = :email!;

/* @name personOfAccount */
SELECT p.* FROM accounts AS a JOIN people AS p ON p.id = a.person_id WHERE a.id = :accountId!;
