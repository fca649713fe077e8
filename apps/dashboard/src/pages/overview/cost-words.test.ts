import { batchGasWords, formatGas, formatWei, groupDigits } from "./cost-words";

describe("cost words", () => {
  it("groups digits, exactly for decimal strings past 2^53", () => {
    expect(groupDigits(23850)).toBe("23,850");
    expect(groupDigits("123456789012345678901")).toBe("123,456,789,012,345,678,901");
    expect(groupDigits(999)).toBe("999");
  });

  it("says a fee in ETH from 0.0001 ETH up, in gwei below, in wei below 0.001 gwei, exactly", () => {
    expect(formatWei("0")).toBe("0 ETH");
    expect(formatWei(null)).toBe("unknown");
    expect(formatWei("1500000000000000000")).toBe("1.5 ETH");
    expect(formatWei("100000000000000")).toBe("0.0001 ETH");
    expect(formatWei("99999999999999")).toBe("100,000 gwei"); // rounded, still below 0.0001 ETH
    expect(formatWei("23850000000000")).toBe("23,850 gwei");
    expect(formatWei("1000000")).toBe("0.001 gwei");
    expect(formatWei("1234")).toBe("1,234 wei"); // not "0 gwei"
    expect(formatWei("1234567891")).toBe("1.235 gwei");
    expect(formatWei("123456789012345678901234")).toBe("123,456.789012 ETH");
  });

  it("says a context's gas as its batch's, shared by the batch's contexts", () => {
    expect(batchGasWords(null, null, null)).toBeNull();
    expect(batchGasWords(23850, 7, "1000000000")).toBe(
      "23,850 gas for its batch of 7 contexts (≈ 3,407 gas and 3,407.143 gwei per context)",
    );
    expect(batchGasWords(23850, 7, null)).toBe(
      "23,850 gas for its batch of 7 contexts (≈ 3,407 gas per context)",
    );
    expect(batchGasWords(23850, 1, "2000000000")).toBe("23,850 gas for its batch of 1 context (47,700 gwei)");
    expect(batchGasWords(23850, null, null)).toBe(formatGas(23850));
  });
});
