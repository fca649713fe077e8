/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import "../../testing/render";
import ContextsChart from "./ContextsChart";

const START = Date.parse("2026-11-26T10:00:00.000Z");
const points = Array.from({ length: 60 }, (_, i) => ({
  minute: new Date(START + i * 60_000).toISOString(),
  count: i === 42 ? 9 : i % 10 === 0 ? 1 : 0,
}));

describe("ContextsChart", () => {
  it("tells a screen reader the total, the busiest minute and all 60 values, without a canvas", () => {
    // jsdom has no 2D canvas: the chart must still render its text alternatives (and not throw)
    const getContext = jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    render(
      <MantineProvider env="test">
        <ContextsChart points={points} />
      </MantineProvider>,
    );
    getContext.mockRestore();

    const chart = screen.getByRole("img");
    expect(chart.getAttribute("aria-label")).toBe(
      // 10:42 UTC: the console shows UTC unless the person chose local time
      "Contexts per minute, last hour: 15 in total; busiest minute 10:42 UTC with 9",
    );
    expect(chart.style.height).toBe("240px"); // fixed: nothing below moves when the chart draws
    expect(chart.querySelector("canvas")).toBeNull();

    const table = screen.getByRole("table", { name: "Contexts per minute, last hour" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(61); // header + one per minute
    expect(within(rows[43] as HTMLElement).getByRole("cell").textContent).toBe("9");
    expect(screen.getByText("15 contexts in the last hour")).toBeTruthy();
  });

  it("says so plainly when the hour was quiet", () => {
    const getContext = jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    render(
      <MantineProvider env="test">
        <ContextsChart points={points.map((point) => ({ ...point, count: 0 }))} />
      </MantineProvider>,
    );
    getContext.mockRestore();
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
      "Contexts per minute, last hour: 0 in total",
    );
  });
});
