/* @name recordChainIdentity */
INSERT INTO chain_identity (id, chain_id, genesis_hash, registry_address)
VALUES (:id!, :chainId!, :genesisHash!, :registryAddress!)
ON CONFLICT (id) DO NOTHING
RETURNING id;

/* @name lockChainIdentity */
SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = :id! FOR UPDATE;

/* @name anyAnchor */
SELECT EXISTS (SELECT 1 FROM anchors) AS "stored!";

/* @name rebindChainIdentity */
UPDATE chain_identity
   SET chain_id = :chainId!, genesis_hash = :genesisHash!, registry_address = :registryAddress!,
       recorded_at = now()
 WHERE id = :id!;

/* @name chainIdentityOf */
SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = :id!;
