import { SIGNER_PERIOD_SKEW_MS, signerValidAt } from "./signers";

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const from = new Date("2025-01-01T00:00:00Z");
const until = new Date("2025-02-01T00:00:00Z");
const at = (iso: string) => new Date(iso);

describe("signerValidAt", () => {
  const signers = [{ address: A, validFrom: from, validUntil: until }];

  it("accepts an address inside its period, whatever its case", () => {
    expect(signerValidAt(signers, A.toLowerCase(), at("2025-01-15T00:00:00Z")).valid).toBe(true);
  });

  it("refuses before and after the period, beyond the skew tolerance", () => {
    const before = new Date(from.getTime() - SIGNER_PERIOD_SKEW_MS - 1);
    const after = new Date(until.getTime() + SIGNER_PERIOD_SKEW_MS + 1);
    expect(signerValidAt(signers, A, before)).toMatchObject({ valid: false, reason: "outside_period" });
    expect(signerValidAt(signers, A, after)).toMatchObject({ valid: false, reason: "outside_period" });
    expect(signerValidAt(signers, A, new Date(from.getTime() - SIGNER_PERIOD_SKEW_MS)).valid).toBe(true);
  });

  it("an open period has no end; an unknown address is unknown", () => {
    expect(
      signerValidAt([{ address: A, validFrom: from, validUntil: null }], A, at("2099-01-01Z")).valid,
    ).toBe(true);
    expect(signerValidAt(signers, "0x0000000000000000000000000000000000000001", from)).toEqual({
      valid: false,
      reason: "unknown",
    });
  });
});
