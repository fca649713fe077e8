import { VisuallyHidden } from "@mantine/core";
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { useZone } from "../../components/DateTime";
import { formatClock, getZone, type Zone, zoneName } from "../../components/time-zone";
import { canDraw, createPlot, type Points, toColumns } from "./contexts-chart-plot";

const HEIGHT = 240;

/** What a screen reader hears for the chart: the total, and the busiest minute when there is one. */
export function summarize(
  points: Points,
  caption = "Contexts per minute, last hour",
  zone: Zone = getZone(),
): string {
  const total = points.reduce((sum, point) => sum + point.count, 0);
  const peak = points.reduce<Points[number] | null>(
    (best, point) => (point.count > (best?.count ?? 0) ? point : best),
    null,
  );
  const busiest = peak
    ? `; busiest minute ${formatClock(peak.minute, zone)} ${zoneName(zone)} with ${peak.count}`
    : "";
  return `${caption}: ${total} in total${busiest}`;
}

/** Contexts received per minute over the last hour (fixed height: no shift when data arrives). */
export default function ContextsChart({
  points,
  caption = "Contexts per minute, last hour",
  total: totalLabel = "in the last hour",
}: {
  points: Points;
  /** what the series is, for the text summary and the table's caption */
  caption?: string;
  total?: string;
}) {
  const zone = useZone();
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const hovered = useRef<HTMLSpanElement>(null);
  // the hover handler is created once with the plot: it reads the latest points from here
  const latest = useRef(points);
  latest.current = points;
  const total = points.reduce((sum, point) => sum + point.count, 0);

  useEffect(() => {
    const element = container.current;
    if (!element || !canDraw()) return;
    const showHovered = (index: number | null) => {
      const point = index === null ? undefined : latest.current[index];
      if (hovered.current) {
        hovered.current.textContent = point ? ` · ${formatClock(point.minute, zone)}: ${point.count}` : "";
      }
    };
    const chart = createPlot(
      element,
      { width: element.clientWidth, height: HEIGHT },
      latest.current,
      showHovered,
      zone,
    );
    plot.current = chart;
    // follow the card's width (phone rotation, sidebar toggling); the height stays fixed
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // drawn again when the toggle changes the zone (its axis labels)
  }, [zone]);

  useEffect(() => {
    plot.current?.setData(toColumns(points));
  }, [points]);

  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={container}
        style={{ height: HEIGHT, overflow: "hidden" }}
        role="img"
        aria-label={summarize(points, caption, zone)}
      />
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Minute ({zoneName(zone)})</th>
              <th scope="col">Contexts</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.minute}>
                <th scope="row">{formatClock(point.minute, zone)}</th>
                <td>{point.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
      <figcaption style={{ fontSize: 12, color: "#666", whiteSpace: "nowrap" }}>
        {total} contexts {totalLabel}
        <span ref={hovered} aria-hidden="true" />
      </figcaption>
    </figure>
  );
}
