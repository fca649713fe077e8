/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import "../../testing/render";
import { LatencyChart } from "./LatencyChart";

const START = Date.parse("2026-11-26T10:00:00.000Z");
const bucket = (i: number, p50: number | null, p95: number | null) => ({
  start: new Date(START + i * 60_000).toISOString(),
  received: p50 === null ? 0 : 3,
  confirmed: p50 === null ? 0 : 3,
  p50_seconds: p50,
  p95_seconds: p95,
});

function dotsOf(series: string) {
  return [...document.querySelectorAll(`g[data-series="${series}"] line`)].map((l) => ({
    x: Number(l.getAttribute("x1")),
    y: Number(l.getAttribute("y1")),
  }));
}

describe("LatencyChart", () => {
  it("draws a range with a single confirmed bucket: a dot per series where a line would draw nothing", () => {
    const points = [bucket(0, null, null), bucket(1, 4, 8), bucket(2, null, null)];
    render(
      <MantineProvider env="test">
        <LatencyChart points={points} />
      </MantineProvider>,
    );
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
      "Confirmation time: p50 around 4.0 s, p95 at most 8.0 s in this range.",
    );
    // the one bucket with values, in the middle; p95 at the top of the scale, p50 halfway down
    expect(dotsOf("p95")).toEqual([{ x: 1.5, y: 4 }]);
    expect(dotsOf("p50")).toEqual([{ x: 1.5, y: 62 }]);
  });

  it("says when nothing was confirmed, and draws no dot", () => {
    render(
      <MantineProvider env="test">
        <LatencyChart points={[bucket(0, null, null)]} />
      </MantineProvider>,
    );
    expect(screen.getByText("No context confirmed in this range.")).toBeTruthy();
    expect(dotsOf("p50")).toEqual([]);
  });
});
