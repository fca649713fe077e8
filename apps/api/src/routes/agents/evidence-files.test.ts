// Unit: the small files of an evidence pack built from what the route read (no I/O).
import { planRetentionDays } from "@ctxlog/core";
import { policyFile, signersFile } from "./evidence-files";

describe("policy.json", () => {
  it("is the user's plan's retention, else the global period, else kept forever, and the minimum retention", () => {
    const env = {
      CONTEXT_DATA_RETENTION_DAYS: 90,
      CONTEXT_DATA_RETENTION_DAYS_BY_PLAN: { free: 30, enterprise: null },
    };
    const policy = (plan: string, e: Parameters<typeof planRetentionDays>[1] = env) =>
      policyFile({ days: planRetentionDays(plan, e), minDays: 183 }, []);
    expect(policy("free")).toEqual({
      retention: { data_retention_days: 30, data_min_retention_days: 183 },
      legal_holds: [],
    });
    expect(policy("enterprise").retention.data_retention_days).toBeNull();
    expect(policy("pro").retention.data_retention_days).toBe(90);
    expect(policy("pro", {}).retention.data_retention_days).toBeNull();
  });

  it("lists the holds as docs/evidence.md says: placed_at, placed_by, reason, released_at", () => {
    const hold = {
      id: "hld_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
      agentId: "planner-7",
      reason: "litigation hold",
      placedAt: new Date("2026-11-28T10:00:00Z"),
      placedBy: "key:key_1",
      releasedAt: new Date("2026-11-29T10:00:00Z"),
      releasedBy: "account:acc_1",
    };
    expect(
      policyFile({ days: null, minDays: 0 }, [hold, { ...hold, releasedAt: null, releasedBy: null }]),
    ).toEqual({
      retention: { data_retention_days: null, data_min_retention_days: 0 },
      legal_holds: [
        {
          placed_at: "2026-11-28T10:00:00.000Z",
          placed_by: "key:key_1",
          reason: "litigation hold",
          released_at: "2026-11-29T10:00:00.000Z",
        },
        {
          placed_at: "2026-11-28T10:00:00.000Z",
          placed_by: "key:key_1",
          reason: "litigation hold",
          released_at: null,
        },
      ],
    });
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
