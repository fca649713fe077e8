/** Where and by whom a batch is anchored: fixed per chain-worker deployment. */
export interface AnchorTarget {
  signerAddress: string;
  chainId: number;
  network: string;
  registryAddress: string;
}
