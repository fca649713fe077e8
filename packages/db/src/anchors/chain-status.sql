/* @name saveChainStatusOf */
INSERT INTO chain_status (network, chain_id, registry_address, head_block, block_time_ms, updated_at)
VALUES (:network!, :chainId!, :registryAddress!, :headBlock!::bigint, :blockTimeMs!, now())
ON CONFLICT (network) DO UPDATE SET
  chain_id = EXCLUDED.chain_id, registry_address = EXCLUDED.registry_address,
  head_block = EXCLUDED.head_block, block_time_ms = EXCLUDED.block_time_ms, updated_at = now();

/* @name chainStatusOf */
SELECT network, chain_id, registry_address, head_block::text AS "head_block!", block_time_ms, updated_at
  FROM chain_status
 WHERE network = :network!;
