/** What the chain and the worker each say about the anchor key's nonces. */
export interface NonceFacts {
  /** transactions of the key in blocks (eth_getTransactionCount "latest") */
  chainLatest: number;
  /** the same, counting the node's pending pool ("pending") */
  chainPending: number;
  /** nonces of the worker's in-flight transactions (signed, not in a block), ascending */
  inFlight: readonly number[];
  /** the nonce the worker expects to give next, from its own records (what it knows it used) */
  expected: number;
}

export type NonceCorrection =
  /** the chain's nonce is below the worker's: transactions it counted on are not on this chain */
  | { kind: "gap"; chainNonce: number; workerNonce: number }
  /** the chain's nonce is above anything the worker sent: the key was used elsewhere */
  | { kind: "adopted"; chainNonce: number; workerNonce: number };

export interface NoncePlan {
  /** the nonce for the next new transaction */
  next: number;
  /** set when the in-flight transactions must be re-signed from this nonce (a gap under them) */
  refillFrom?: number;
  correction?: NonceCorrection;
}

/**
 * Where the next nonce comes from: the chain, never the worker's rows alone. A gap (the chain's
 * nonce below the lowest in-flight one) can never be mined past, so the in-flight anchors are
 * re-signed from the chain's nonce; with nothing in flight, a chain behind the worker's records
 * (a node that lost blocks) is simply followed; a chain ahead of them (the key used elsewhere) is
 * adopted. Pure: the caller reads the facts and acts.
 */
export function planNonces(f: NonceFacts): NoncePlan {
  const chain = Math.max(f.chainLatest, f.chainPending);
  const lowest = f.inFlight[0];
  if (lowest !== undefined && chain < lowest) {
    return {
      next: chain + f.inFlight.length,
      refillFrom: chain,
      correction: { kind: "gap", chainNonce: chain, workerNonce: lowest },
    };
  }
  if (lowest === undefined && chain < f.expected) {
    return { next: chain, correction: { kind: "gap", chainNonce: chain, workerNonce: f.expected } };
  }
  const afterInFlight = lowest === undefined ? 0 : (f.inFlight[f.inFlight.length - 1] as number) + 1;
  const known = Math.max(f.expected, afterInFlight);
  if (chain > known) {
    return { next: chain, correction: { kind: "adopted", chainNonce: chain, workerNonce: known } };
  }
  return { next: Math.max(chain, afterInFlight) };
}
