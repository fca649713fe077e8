import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Overview } from "../../api/schema";
import { formatClock, type Zone } from "../../components/time-zone";

export type Points = Overview["contexts_per_minute"];

const BAR = "#4c6ef5";
const AXIS = { stroke: "#495057", grid: { stroke: "#e9ecef", width: 1 }, ticks: { show: false } };

/** uPlot wants columns: x in unix seconds, then one array per series. */
export function toColumns(points: Points): uPlot.AlignedData {
  return [points.map((point) => Date.parse(point.minute) / 1000), points.map((point) => point.count)];
}

/**
 * Canvas 2D is what uPlot draws with; without it (jsdom, a browser with canvas blocked) the chart
 * keeps its label and table and draws nothing.
 */
export function canDraw(): boolean {
  if (typeof HTMLCanvasElement === "undefined") return false;
  if (typeof HTMLCanvasElement.prototype.getContext !== "function") return false;
  try {
    return document.createElement("canvas").getContext("2d") !== null;
  } catch {
    return false;
  }
}

/** A bar chart of contexts per minute; `onHover` gets the minute under the cursor (null when it leaves). */
export function createPlot(
  target: HTMLElement,
  size: { width: number; height: number },
  points: Points,
  onHover: (index: number | null) => void,
  zone: Zone,
): uPlot {
  const options: uPlot.Options = {
    ...size,
    legend: { show: false }, // the caption shows the hovered minute: a legend would change the height
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
    scales: {
      // half a minute either side: the first and last bars are whole
      x: { time: true, range: (_u, min, max) => [min - 30, max + 30] },
      y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
    },
    axes: [
      // 24-hour hours and minutes only (the zone the toggle names): the date line uPlot adds would
      // take a second row on a phone, and "06:00 AM" was clipped at the right edge
      { ...AXIS, space: 60, values: (_u, splits) => splits.map((s) => formatClock(s * 1000, zone)) },
      // counts are whole numbers: no 0.5 ticks
      {
        ...AXIS,
        size: 40,
        space: 30,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000],
      },
    ],
    series: [
      {},
      {
        label: "Contexts",
        fill: BAR,
        stroke: BAR,
        width: 0,
        paths: uPlot.paths.bars?.({ size: [0.8, 24] }),
        points: { show: false },
      },
    ],
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
  };
  return new uPlot(options, toColumns(points), target);
}
