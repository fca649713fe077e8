// Gas and fees as people read them. The API gives wei as decimal strings (exact past 2^53): they
// are divided as BigInt, never as floats. The native currency is shown as ETH, as the anchor key's
// balance is (use-overview.ts formatEther).

const GWEI = 10n ** 9n;
const ETHER = 10n ** 18n;

/** "23,850": a count with thousands separators; a decimal string is read exactly. */
export function groupDigits(value: number | string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `value / unit` to `decimals` places, trailing zeros dropped: 1234500000n, 1e9 → "1.2345". */
function divide(value: bigint, unit: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (value * scale + unit / 2n) / unit; // rounded half up
  const whole = groupDigits((scaled / scale).toString());
  const fraction = (scaled % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A fee in wei for a person: in ETH from 0.0001 ETH up (6 decimals), below that in gwei (the
 * fees of one context on a cheap chain are millionths of an ETH), in wei below 0.001 gwei, "0 ETH"
 * for nothing.
 */
export function formatWei(wei: string | null): string {
  if (wei === null) return "unknown";
  const value = BigInt(wei);
  if (value === 0n) return "0 ETH";
  if (value >= ETHER / 10_000n) return `${divide(value, ETHER, 6)} ETH`;
  if (value >= GWEI / 1_000n) return `${divide(value, GWEI, 3)} gwei`;
  return `${groupDigits(value.toString())} wei`; // would round to "0 gwei"
}

/** "23,850 gas"; "—" for none. */
export function formatGas(gas: number | string | null): string {
  return gas === null ? "—" : `${groupDigits(gas)} gas`;
}

/**
 * A context's line for its batch's gas: "23,850 gas for its batch of 7 contexts (≈ 3,407 gas and
 * 0.024 gwei per context)"; the batch's gas is shared, not the context's own.
 */
export function batchGasWords(
  gasUsed: number | null,
  batchSize: number | null,
  gasPriceWei: string | null,
): string | null {
  if (gasUsed === null) return null;
  // falsy, not only null: a server from before these fields leaves them out
  if (!batchSize || batchSize < 1) return formatGas(gasUsed);
  const fee = gasPriceWei ? BigInt(gasUsed) * BigInt(gasPriceWei) : null;
  if (batchSize === 1) {
    return `${formatGas(gasUsed)} for its batch of 1 context${fee === null ? "" : ` (${formatWei(fee.toString())})`}`;
  }
  const perContext = groupDigits(Math.round(gasUsed / batchSize));
  const feeShare =
    fee === null ? "" : ` and ${formatWei(((fee + BigInt(batchSize) / 2n) / BigInt(batchSize)).toString())}`;
  return `${formatGas(gasUsed)} for its batch of ${groupDigits(batchSize)} contexts (≈ ${perContext} gas${feeShare} per context)`;
}
