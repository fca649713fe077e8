import { spanTree } from "./span-tree";
import { nanosWords, waterfallLayout } from "./trace-waterfall";

const T0 = 1764201600000000000n;
const ms = (n: number) => String(T0 + BigInt(n) * 1_000_000n);

/** a stored span: start and end in ms after T0 (end a raw value when given as a string) */
const span = (id: string, parent: string, start: number, end: number | string | undefined) => ({
  context_id: `ctx_${id}`,
  context_data: {
    span_id: id,
    parent_span_id: parent,
    name: `span ${id}`,
    start_time_unix_nano: ms(start),
    ...(end === undefined ? {} : { end_time_unix_nano: typeof end === "string" ? end : ms(end) }),
    status: { code: "unset", message: "" },
    attributes: {},
  },
});

describe("waterfallLayout", () => {
  it("places each bar by its start and duration on the axis from the first start to the last end", () => {
    const { rows, totalNs } = waterfallLayout(
      spanTree([
        span("child", "root", 250, 750),
        span("root", "", 0, 800),
        span("late", "root", 900, 1000), // ends after its parent: the axis runs to it
        span("grandchild", "child", 300, 300), // no duration: a tick where it starts
      ]),
    );
    expect(totalNs).toBe(1_000_000_000n);
    expect(rows.map((r) => [r.spanId, r.depth, r.offsetPct, r.widthPct])).toEqual([
      ["root", 0, 0, 80],
      ["child", 1, 25, 50],
      ["grandchild", 2, 30, 0],
      ["late", 1, 90, 10],
    ]);
    expect(rows.map((r) => r.durationNs)).toEqual([800_000_000n, 500_000_000n, 0n, 100_000_000n]);
    expect(rows[3]?.startOffsetNs).toBe(900_000_000n);
  });

  it("draws a span without a usable end as a tick, and a trace of one instant without dividing by zero", () => {
    const { rows } = waterfallLayout(
      spanTree([
        span("root", "", 0, 100),
        span("open", "root", 50, undefined),
        span("bad", "root", 60, "x1"),
      ]),
    );
    expect(rows.map((r) => [r.spanId, r.durationNs, r.widthPct])).toEqual([
      ["root", 100_000_000n, 100],
      ["open", null, 0],
      ["bad", null, 0],
    ]);
    // an end before the start is no end
    expect(waterfallLayout(spanTree([span("back", "", 10, 5)])).rows[0]).toMatchObject({
      durationNs: null,
      offsetPct: 0,
      widthPct: 0,
    });
    expect(waterfallLayout([])).toEqual({ rows: [], totalNs: 0n });
  });
});

describe("nanosWords", () => {
  it("says a duration in the unit that reads best", () => {
    expect(
      [850n, 1_500n, 250_000_000n, 12_345_678n, 1_200_000_000n, 125_000_000_000n].map(nanosWords),
    ).toEqual(["850 ns", "1.5 µs", "250 ms", "12.3 ms", "1.2 s", "2 min 5 s"]);
  });
});
