/** Types generated for queries found in "packages/db/src/anchors/chain-status.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'SaveChainStatusOf' parameters type */
export interface ISaveChainStatusOfParams {
  blockTimeMs: number;
  chainId: number;
  headBlock: NumberOrString;
  network: string;
  registryAddress: string;
}

/** 'SaveChainStatusOf' return type */
export type ISaveChainStatusOfResult = void;

/** 'SaveChainStatusOf' query type */
export interface ISaveChainStatusOfQuery {
  params: ISaveChainStatusOfParams;
  result: ISaveChainStatusOfResult;
}

const saveChainStatusOfIR: any = {"usedParamSet":{"network":true,"chainId":true,"registryAddress":true,"headBlock":true,"blockTimeMs":true},"params":[{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":118}]},{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":129}]},{"name":"registryAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":148}]},{"name":"headBlock","required":true,"transform":{"type":"scalar"},"locs":[{"a":151,"b":161}]},{"name":"blockTimeMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":172,"b":184}]}],"statement":"INSERT INTO chain_status (network, chain_id, registry_address, head_block, block_time_ms, updated_at)\nVALUES (:network!, :chainId!, :registryAddress!, :headBlock!::bigint, :blockTimeMs!, now())\nON CONFLICT (network) DO UPDATE SET\n  chain_id = EXCLUDED.chain_id, registry_address = EXCLUDED.registry_address,\n  head_block = EXCLUDED.head_block, block_time_ms = EXCLUDED.block_time_ms, updated_at = now()"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO chain_status (network, chain_id, registry_address, head_block, block_time_ms, updated_at)
 * VALUES (:network!, :chainId!, :registryAddress!, :headBlock!::bigint, :blockTimeMs!, now())
 * ON CONFLICT (network) DO UPDATE SET
 *   chain_id = EXCLUDED.chain_id, registry_address = EXCLUDED.registry_address,
 *   head_block = EXCLUDED.head_block, block_time_ms = EXCLUDED.block_time_ms, updated_at = now()
 * ```
 */
export const saveChainStatusOf = new PreparedQuery<ISaveChainStatusOfParams,ISaveChainStatusOfResult>(saveChainStatusOfIR);


/** 'ChainStatusOf' parameters type */
export interface IChainStatusOfParams {
  network: string;
}

/** 'ChainStatusOf' return type */
export interface IChainStatusOfResult {
  block_time_ms: number;
  chain_id: number;
  head_block: string;
  network: string;
  registry_address: string;
  updated_at: Date;
}

/** 'ChainStatusOf' query type */
export interface IChainStatusOfQuery {
  params: IChainStatusOfParams;
  result: IChainStatusOfResult;
}

const chainStatusOfIR: any = {"usedParamSet":{"network":true},"params":[{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":150}]}],"statement":"SELECT network, chain_id, registry_address, head_block::text AS \"head_block!\", block_time_ms, updated_at\n  FROM chain_status\n WHERE network = :network!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT network, chain_id, registry_address, head_block::text AS "head_block!", block_time_ms, updated_at
 *   FROM chain_status
 *  WHERE network = :network!
 * ```
 */
export const chainStatusOf = new PreparedQuery<IChainStatusOfParams,IChainStatusOfResult>(chainStatusOfIR);


