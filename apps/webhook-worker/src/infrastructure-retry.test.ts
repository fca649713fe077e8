import { infrastructureRetryDelay } from "./delivery-worker";

describe("infrastructureRetryDelay (a failed job that made no delivery attempt)", () => {
  it("doubles from 1 s and stops growing at 30 s, whatever the webhook schedule", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(infrastructureRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(infrastructureRetryDelay(0)).toBe(1_000);
  });
});
