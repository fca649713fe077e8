/* @name ensureUser */
INSERT INTO users (id, plan) VALUES (:userId!, :plan!)
ON CONFLICT (id) DO NOTHING;

/* @name insertAccount */
INSERT INTO accounts (id, user_id, email, invited_by_id, created_at)
VALUES (:id!, :userId!, :email!, :invitedById, :now!)
RETURNING *;

/* @name insertAccountKey */
INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id, account_id, name, created_at)
VALUES (:id!, :userId!, 'full', :hash!, 'session', :id!, :accountId!, :name!, :now!)
RETURNING id;
