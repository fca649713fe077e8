// Unit: bench:paired's verdict rule (bench/paired-figures.js), on figures made up for the rule.
type Figures = Record<string, number>;
interface Row {
  name: string;
  base: number;
  head: number;
  ratio: string;
  verdict: string;
}
const { compareRuns, figuresOf } = require("../../../bench/paired-figures") as {
  compareRuns: (bench: string, base: Figures[], head: Figures[]) => Row[];
  figuresOf: (bench: string, output: string) => Figures;
};

describe("bench:paired's figures and verdicts", () => {
  it("calls a throughput worse only past 5 % below the base's mean, and bytes only past 5 % above", () => {
    const rate = (v: number) => ({ "(b) deliveries/s": v });
    expect(compareRuns("webhooks", [rate(100), rate(100)], [rate(96), rate(94)])[0]?.verdict).toBe(
      "within 5 % or better",
    );
    expect(compareRuns("webhooks", [rate(100)], [rate(94.9)])[0]?.verdict).toBe("worse by more than 5 %");
    const bytes = (w: number, c: number) => ({
      "bytes per context as written": w,
      "bytes per context compact": c,
    });
    const rows = compareRuns("storage", [bytes(1000, 800)], [bytes(1051, 700)]);
    expect(rows.map((r) => r.verdict)).toEqual(["worse by more than 5 %", "within 5 % or better"]);
    expect(rows[1]?.ratio).toBe("0.875");
  });

  it("refuses output that lacks a figure (a bench whose summary changed)", () => {
    expect(() => figuresOf("ingest", "(c) 1909 contexts/s (target ≥ 12,000: MISSED)")).toThrow(
      /end to end, contexts\/s/,
    );
  });
});
