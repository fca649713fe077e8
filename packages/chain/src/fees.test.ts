import { feesFor, replacementFees } from "./fees";

describe("fees", () => {
  it("new transactions leave room for the base fee to double", () => {
    expect(feesFor(10n, 2n)).toEqual({ maxFeePerGas: 22n, maxPriorityFeePerGas: 2n });
    expect(feesFor(10n, 0n).maxPriorityFeePerGas).toBe(1n);
  });

  it("replacements raise both fees by at least 12.5 %", () => {
    const previous = { maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 100_000_000n };
    const next = replacementFees(previous, { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n });
    expect(next.maxFeePerGas * 1000n).toBeGreaterThanOrEqual(previous.maxFeePerGas * 1125n);
    expect(next.maxPriorityFeePerGas * 1000n).toBeGreaterThanOrEqual(previous.maxPriorityFeePerGas * 1125n);
  });

  it("replacements follow the market when it rose more than the bump", () => {
    const previous = { maxFeePerGas: 100n, maxPriorityFeePerGas: 10n };
    const market = { maxFeePerGas: 500n, maxPriorityFeePerGas: 50n };
    expect(replacementFees(previous, market)).toEqual(market);
  });

  it("a tiny fee still strictly rises", () => {
    const next = replacementFees(
      { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n },
      { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
    );
    expect(next.maxFeePerGas).toBeGreaterThan(1n);
    expect(next.maxPriorityFeePerGas).toBeGreaterThan(1n);
  });
});
