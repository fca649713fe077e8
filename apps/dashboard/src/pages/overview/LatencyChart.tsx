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

const line = (points: Point[], pick: (p: Point) => number | null, max: number) =>
  points
    .map((p, i) => {
      const v = pick(p);
      return v === null ? null : `${i + 0.5},${(HEIGHT - (v / max) * (HEIGHT - 4)).toFixed(2)}`;
    })
    .filter((xy) => xy !== null)
    .join(" ");

/** Confirmation time p50 (solid) and p95 (dashed) per bucket, on one scale. */
export function LatencyChart({ points }: { points: Point[] }) {
  const max = Math.max(1, ...points.map((p) => p.p95_seconds ?? 0));
  const summary = summarizeLatency(points);
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
          points={line(points, (p) => p.p95_seconds, max)}
          fill="none"
          stroke="#e8590c"
          strokeWidth={1.5}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line(points, (p) => p.p50_seconds, max)}
          fill="none"
          stroke="#364fc7"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
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
