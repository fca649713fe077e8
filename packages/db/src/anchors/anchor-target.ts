/** Where and by whom a batch is anchored: fixed per chain-worker deployment. */
export interface AnchorTarget {
  signerAddress: string;
  chainId: number;
  network: string;
  registryAddress: string;
}

/** What a confirmed context's event carries so a receiver can verify it without calling back. */
export interface AnchorProof {
  leaf_index: number;
  merkle_proof: string[];
  merkle_root: string;
  chain_id: number;
  network: string;
  registry_address: string;
  /** the log's tree size when merkle_root is its tree head (merkle_proof: RFC 6962 inclusion) */
  tree_size?: number;
}
