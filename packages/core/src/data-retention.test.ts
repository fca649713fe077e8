import { parsePlanRetention, retentionPolicies } from "./data-retention";

describe("parsePlanRetention", () => {
  it("reads plan=days and plan=off", () => {
    expect(parsePlanRetention("free=30, pro=365.5,enterprise=off")).toEqual({
      free: 30,
      pro: 365.5,
      enterprise: null,
    });
    expect(parsePlanRetention("")).toEqual({});
  });
  it.each(["free", "free=0", "free=-1", "free=x", "free=30,free=40", "Free=30", "free=40000", "free=30,"])(
    "refuses %s",
    (raw) => {
      expect(parsePlanRetention(raw)).toBeNull();
    },
  );
});

describe("retentionPolicies", () => {
  it("one policy per plan with a period, the global one for every plan not named", () => {
    expect(retentionPolicies(30, { pro: 365, enterprise: null })).toEqual([
      { days: 365, selector: { plans: ["pro"] } },
      { days: 30, selector: { exceptPlans: ["pro", "enterprise"] } },
    ]);
  });
  it("no global period: only the plans named", () => {
    expect(retentionPolicies(undefined, { free: 7 })).toEqual([{ days: 7, selector: { plans: ["free"] } }]);
    expect(retentionPolicies(undefined)).toEqual([]);
  });
});
