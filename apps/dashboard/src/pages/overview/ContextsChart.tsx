import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Overview } from "../../api/schema";

const TIME = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/** Contexts received per minute over the last hour (fixed height: no shift when data arrives). */
export default function ContextsChart({ points }: { points: Overview["contexts_per_minute"] }) {
  const data = points.map((point) => ({ minute: TIME.format(new Date(point.minute)), count: point.count }));
  const total = points.reduce((sum, point) => sum + point.count, 0);
  return (
    <figure style={{ margin: 0 }}>
      <div
        style={{ height: 240 }}
        role="img"
        aria-label={`Contexts per minute, last hour: ${total} in total`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="minute" interval={9} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="count" name="Contexts" fill="#4c6ef5" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption style={{ fontSize: 12, color: "#666" }}>{total} contexts in the last hour</figcaption>
    </figure>
  );
}
