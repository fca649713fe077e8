/** EIP-1559 fees of one transaction, in wei. */
export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** Geth and most nodes refuse a same-nonce replacement unless both fees rise by ≥ 10 %; we use 12.5 %. */
export const REPLACEMENT_BUMP_PERMILLE = 1125n;

/**
 * Fees for a new transaction: the tip the node suggests, and a max fee that survives the base fee
 * doubling (it can rise 12.5 % per full block), so a burst does not strand the transaction.
 */
export function feesFor(baseFeePerGas: bigint, suggestedTip: bigint): Fees {
  const tip = suggestedTip > 0n ? suggestedTip : 1n;
  return { maxPriorityFeePerGas: tip, maxFeePerGas: baseFeePerGas * 2n + tip };
}

const bump = (value: bigint) => (value * REPLACEMENT_BUMP_PERMILLE + 999n) / 1000n + 1n;

/**
 * Fees for replacing a stuck transaction: at least 12.5 % (rounded up, plus one wei) above the
 * previous ones on both fields, and never below what the market asks for now.
 */
export function replacementFees(previous: Fees, current: Fees): Fees {
  const tip = max(bump(previous.maxPriorityFeePerGas), current.maxPriorityFeePerGas);
  const fee = max(bump(previous.maxFeePerGas), current.maxFeePerGas);
  return { maxPriorityFeePerGas: tip, maxFeePerGas: max(fee, tip) };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
