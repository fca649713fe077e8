import { Group, Text } from "@mantine/core";
import type { Schemas } from "../../api/schema";

type Point = Schemas["OverviewSeries"]["points"][number];
const HEIGHT = 120;

/** "p50 2.5 s, p95 9.0 s at most over the range", or that nothing was confirmed. */
export function summarizeLatency(points: Point[]): string {
  const p50 = points.map((p) => p.p50_seconds).filter((v): v is number => v !== null);
  const p95 = points.map((p) => p.p95_seconds).filter((v): v is number => v !== null);
  if (p50.length === 0) return "No context confirmed in this range.";
  const median = [...p50].sort((a, b) => a - b)[Math.floor(p50.length / 2)] ?? 0;
  return `Confirmation time: p50 around ${median.toFixed(1)} s, p95 at most ${Math.max(...p95).toFixed(1)} s in this range.`;
}

/** The points of one series with a value, in the chart's coordinates. */
export const seriesXY = (points: Point[], pick: (p: Point) => number | null, max: number) =>
  points.flatMap((p, i) => {
    const v = pick(p);
    return v === null ? [] : [{ x: i + 0.5, y: Number((HEIGHT - (v / max) * (HEIGHT - 4)).toFixed(2)) }];
  });

const line = (xy: { x: number; y: number }[]) => xy.map(({ x, y }) => `${x},${y}`).join(" ");

/**
 * A dot at each value: a line through one point draws nothing, so a range with a single confirmed
 * bucket (or buckets apart) would show an empty chart. A zero-length line with round caps is a dot,
 * round whatever the viewBox's stretch (its stroke does not scale).
 */
function Dots({ xy, color, label }: { xy: { x: number; y: number }[]; color: string; label: string }) {
  return (
    <g data-series={label}>
      {xy.map(({ x, y }) => (
        <line
          key={x}
          x1={x}
          y1={y}
          x2={x}
          y2={y}
          stroke={color}
          strokeWidth={5}
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </g>
  );
}

const P95 = "#e8590c";
const P50 = "#364fc7";

/** Confirmation time p50 (solid) and p95 (dashed) per bucket, on one scale. */
export function LatencyChart({ points }: { points: Point[] }) {
  const max = Math.max(1, ...points.map((p) => p.p95_seconds ?? 0));
  const summary = summarizeLatency(points);
  const p95 = seriesXY(points, (p) => p.p95_seconds, max);
  const p50 = seriesXY(points, (p) => p.p50_seconds, max);
  return (
    <>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${Math.max(1, points.length)} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        style={{ display: "block" }}
      >
        <polyline
          points={line(p95)}
          fill="none"
          stroke={P95}
          strokeWidth={1.5}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line(p50)}
          fill="none"
          stroke={P50}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        <Dots xy={p95} color={P95} label="p95" />
        <Dots xy={p50} color={P50} label="p50" />
      </svg>
      <Group gap="md" mt={4}>
        <Text size="xs" c="dimmed">
          solid: p50 · dashed: p95 · top: {max.toFixed(1)} s
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {summary}
      </Text>
    </>
  );
}
