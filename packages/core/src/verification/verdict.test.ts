import { checkStatus, isVerified, verificationVerdict } from "./verdict";

const passed = { ok: true };
const failed = { ok: false };
const notRun = { ok: false, unavailable: true as const };

describe("a verification's three verdicts", () => {
  it("every check passed: verified", () => {
    expect(verificationVerdict([passed, passed, passed])).toBe("verified");
  });
  it("the data checks could not run and the rest passed: verified, data unavailable", () => {
    expect(verificationVerdict([notRun, notRun, passed, passed])).toBe("verified_data_unavailable");
  });
  it("a check that ran failed: failed, whatever else could not run", () => {
    expect(verificationVerdict([passed, failed])).toBe("failed");
    expect(verificationVerdict([notRun, notRun, failed, passed])).toBe("failed");
  });
  it("no check at all proves nothing: failed", () => {
    expect(verificationVerdict([])).toBe("failed");
  });
  it("a check that could not run is not_run, never failed", () => {
    expect([passed, failed, notRun].map(checkStatus)).toEqual(["passed", "failed", "not_run"]);
  });
  it("the spec's `verified` is true for both verified verdicts", () => {
    expect(isVerified("verified")).toBe(true);
    expect(isVerified("verified_data_unavailable")).toBe(true);
    expect(isVerified("failed")).toBe(false);
  });
});
