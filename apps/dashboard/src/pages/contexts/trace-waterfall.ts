import type { SpanNode } from "./span-tree";

/*
 * A trace's spans laid out as a waterfall: each span a bar on the trace's time axis, placed by its
 * start and as wide as its duration, in the tree's order (span-tree.ts), so children sit under
 * their parent. Pure layout, for TraceTree to draw.
 */

export interface WaterfallRow extends SpanNode {
  /** where the bar starts, in % of the trace's span of time */
  offsetPct: number;
  /** its width in % (0 for a span with no duration: drawn as a tick) */
  widthPct: number;
  /** the span's duration, null when it gives no end */
  durationNs: bigint | null;
  /** from the trace's first start to this span's */
  startOffsetNs: bigint;
}

export interface Waterfall {
  rows: WaterfallRow[];
  /** first start to last end (or last start) over all the spans */
  totalNs: bigint;
}

/** `part / whole` in %, to two decimals; 0 over nothing. */
const percent = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Number((part * 10_000n) / whole) / 100);

/** Each span's bar on the axis from the trace's first start to its last end. */
export function waterfallLayout(nodes: readonly SpanNode[]): Waterfall {
  if (nodes.length === 0) return { rows: [], totalNs: 0n };
  let first = nodes[0]?.startNs ?? 0n;
  let last = first;
  for (const node of nodes) {
    if (node.startNs < first) first = node.startNs;
    const end = node.endNs ?? node.startNs;
    if (end > last) last = end;
  }
  const totalNs = last - first;
  const rows = nodes.map((node) => {
    const durationNs = node.endNs === null ? null : node.endNs - node.startNs;
    const startOffsetNs = node.startNs - first;
    const offsetPct = percent(startOffsetNs, totalNs);
    // a bar never runs past the axis' end, whatever the rounding
    const widthPct = Math.min(percent(durationNs ?? 0n, totalNs), 100 - offsetPct);
    return { ...node, offsetPct, widthPct, durationNs, startOffsetNs };
  });
  return { rows, totalNs };
}

/** 850 ns → "850 ns", 1.5 µs → "1.5 µs", 250 ms → "250 ms", 3.2 s → "3.2 s", 125 s → "2 min 5 s". */
export function nanosWords(ns: bigint): string {
  const n = Number(ns);
  const one = (value: number, unit: string) =>
    `${value >= 100 ? Math.round(value) : Number(value.toPrecision(3))} ${unit}`;
  if (n < 1_000) return `${n} ns`;
  if (n < 1_000_000) return one(n / 1_000, "µs");
  if (n < 1_000_000_000) return one(n / 1_000_000, "ms");
  if (n < 60_000_000_000) return one(n / 1_000_000_000, "s");
  const seconds = Math.round(n / 1_000_000_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
