import { DEFAULT_RETRY_DELAYS_MS, MAX_DELIVERY_ATTEMPTS, parseRetryDelays } from "./retry-schedule";

describe("retry schedule", () => {
  it("is the spec's: 5 attempts, 5 s, 15 s, 45 s and 2 min apart", () => {
    expect(MAX_DELIVERY_ATTEMPTS).toBe(5);
    expect(DEFAULT_RETRY_DELAYS_MS).toEqual([5_000, 15_000, 45_000, 120_000]);
    // total elapsed before the fifth attempt: 3 min 5 s
    expect(DEFAULT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(185_000);
  });

  it("parses WEBHOOK_RETRY_DELAYS_MS", () => {
    expect(parseRetryDelays("200,400,600,800")).toEqual([200, 400, 600, 800]);
    expect(parseRetryDelays(" 0, 1 ,2,3")).toEqual([0, 1, 2, 3]);
    for (const bad of ["", "1,2,3", "1,2,3,4,5", "1,2,x,4", "-1,2,3,4", "1.5,2,3,4", "1,,3,4"]) {
      expect(parseRetryDelays(bad)).toBeNull();
    }
  });
});
