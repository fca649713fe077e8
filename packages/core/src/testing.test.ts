import { availableParallelism, loadavg } from "node:os";
import { loadFactor, loadScaledSlackMs, parsePrometheusText, waitFor } from "./testing";

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
    ).rejects.toThrow(/waitFor: the thing not met within 60 ms( \(\d+ ms at this load\))?: not yet \(\d+\)/);
    expect(calls).toBeGreaterThan(2);
  });

  it("describes the state at the timeout with a function", async () => {
    let n = 0;
    await expect(
      waitFor(() => ++n > 1_000_000, { timeout: 30, interval: 5, what: () => `n above a million (n=${n})` }),
    ).rejects.toThrow(/n above a million \(n=\d+\)/);
  });
});

describe("parsePrometheusText", () => {
  it("reads families from TYPE lines and sums samples matching the labels given", () => {
    const scrape = parsePrometheusText(
      [
        "# HELP http_requests_total HTTP requests",
        "# TYPE http_requests_total counter",
        'http_requests_total{method="GET",route="/a",status="200"} 3',
        'http_requests_total{method="POST",route="/a",status="500"} 2',
        "# TYPE up gauge",
        "up 1",
      ].join("\n"),
    );
    expect([...scrape.types]).toEqual([
      ["http_requests_total", "counter"],
      ["up", "gauge"],
    ]);
    expect(scrape.value("http_requests_total")).toBe(5);
    expect(scrape.value("http_requests_total", { status: "500" })).toBe(2);
    expect(scrape.value("up")).toBe(1);
    expect(scrape.value("missing")).toBeUndefined();
  });
});

describe("loadScaledSlackMs", () => {
  it("is the base at rest and grows with the load, never below the base", () => {
    const factor = loadFactor();
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(factor).toBeGreaterThanOrEqual((loadavg()[0] ?? 0) / availableParallelism());
    const slack = loadScaledSlackMs(1_000);
    expect(slack).toBeGreaterThanOrEqual(1_000);
    expect(loadScaledSlackMs(0)).toBe(0);
  });

  it("still answers under jest's fake timers (the clock of its sample does not move)", () => {
    jest.useFakeTimers();
    try {
      expect(loadScaledSlackMs(100)).toBeGreaterThanOrEqual(100);
    } finally {
      jest.useRealTimers();
    }
  });
});
