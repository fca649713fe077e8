import { waitFor } from "./testing";

describe("waitFor", () => {
  it("returns the condition's first value that is not undefined, null or false", async () => {
    let calls = 0;
    const values = [undefined, null, false, 0, "done"];
    // 0 is a value: only undefined, null and false mean "not yet"
    expect(await waitFor(() => values[calls++], { interval: 1 })).toBe(0);
    expect(calls).toBe(4);
  });

  it("retries a condition that throws, and reports the last error at the timeout", async () => {
    let calls = 0;
    await expect(
      waitFor(
        () => {
          calls++;
          throw new Error(`not yet (${calls})`);
        },
        { timeout: 60, interval: 5, what: "the thing" },
      ),
    ).rejects.toThrow(/waitFor: the thing not met within 60 ms: not yet \(\d+\)/);
    expect(calls).toBeGreaterThan(2);
  });

  it("describes the state at the timeout with a function", async () => {
    let n = 0;
    await expect(
      waitFor(() => ++n > 1_000_000, { timeout: 30, interval: 5, what: () => `n above a million (n=${n})` }),
    ).rejects.toThrow(/n above a million \(n=\d+\)/);
  });
});
