/* @name signInLinkByTokenHash */
SELECT * FROM sign_in_links WHERE token_hash = :tokenHash!;
