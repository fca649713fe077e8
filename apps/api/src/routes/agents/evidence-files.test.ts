// Unit: the small files of an evidence pack built from what the route read (no I/O).
import { planRetentionDays } from "@ctxlog/core";
import { policyFile, signersFile } from "./evidence-files";

describe("policy.json", () => {
  it("is the user's plan's retention, else the global period, else kept forever; no holds yet", () => {
    const env = {
      CONTEXT_DATA_RETENTION_DAYS: 90,
      CONTEXT_DATA_RETENTION_DAYS_BY_PLAN: { free: 30, enterprise: null },
    };
    expect(policyFile(planRetentionDays("free", env))).toEqual({
      retention: { data_retention_days: 30, data_min_retention_days: 0 },
      legal_holds: [],
    });
    expect(policyFile(planRetentionDays("enterprise", env)).retention.data_retention_days).toBeNull();
    expect(policyFile(planRetentionDays("pro", env)).retention.data_retention_days).toBe(90);
    expect(policyFile(planRetentionDays("pro", {})).retention.data_retention_days).toBeNull();
  });
});

describe("signers.json", () => {
  const at = (iso: string) => new Date(iso);
  it("holds the signers whose period has not ended before the range, so later anchor keys are in", () => {
    const file = signersFile(
      [
        {
          address: "0xold",
          kind: "attestation",
          validFrom: at("2026-01-01T00:00:00Z"),
          validUntil: at("2026-06-01T00:00:00Z"),
        },
        { address: "0xnow", kind: "attestation", validFrom: at("2026-06-01T00:00:00Z"), validUntil: null },
        { address: "0xanchor", kind: "anchor", validFrom: at("2026-12-01T00:00:00Z"), validUntil: null },
      ],
      at("2026-07-01T00:00:00Z"),
    );
    expect(file.signers.map((s) => s.address)).toEqual(["0xnow", "0xanchor"]);
    expect(file.signers[0]).toEqual({
      address: "0xnow",
      kind: "attestation",
      valid_from: "2026-06-01T00:00:00.000Z",
      valid_until: null,
    });
  });
});
