// The figures bench:paired compares, read from each bench's own summary lines, and the rule it
// judges them by. Pure: bench/paired.js runs the benches; test/e2e/benches tests this on their output.

/** better: which way is good. Each pattern's first group is the figure (digits, maybe commas). */
const FIGURES = {
  ingest: [
    { name: "(c) batch route, contexts/s", pattern: /^\(c\) ([\d,.]+) contexts\/s/m, better: "higher" },
    {
      name: "end to end, contexts/s",
      pattern: /([\d,.]+) contexts\/s first POST → last confirmed/,
      better: "higher",
    },
  ],
  webhooks: [{ name: "(b) deliveries/s", pattern: /^\| \(b\)[^|]*\| ([\d,.]+) \|/m, better: "higher" }],
  storage: [
    {
      name: "bytes per context as written",
      pattern: /^\| \*\*total\*\* \| \*\*([\d,.]+)\*\* \|/m,
      better: "lower",
    },
    {
      name: "bytes per context compact",
      pattern: /^\| \*\*total\*\* \| \*\*[\d,.]+\*\* \| [\d,.]+ \| ([\d,.]+) \|/m,
      better: "lower",
    },
  ],
};

const PAIRED_BENCHES = Object.keys(FIGURES);

/** A worse mean than this fraction of the base's is "worse" (issue 37: none worse by more than 5 %). */
const TOLERANCE = 0.05;

/** The figures one run printed; a figure missing from the output is an error (the bench changed). */
function figuresOf(bench, output) {
  const figures = {};
  for (const { name, pattern } of FIGURES[bench]) {
    const match = pattern.exec(output);
    if (!match) throw new Error(`bench:${bench} printed no "${name}" (${pattern})`);
    figures[name] = Number(match[1].replaceAll(",", ""));
  }
  return figures;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/** One row per figure: the means, head / base, and whether head is worse by more than TOLERANCE. */
function compareRuns(bench, baseRuns, headRuns) {
  return FIGURES[bench].map(({ name, better }) => {
    const base = mean(baseRuns.map((r) => r[name]));
    const head = mean(headRuns.map((r) => r[name]));
    const ratio = head / base;
    const worse = better === "higher" ? ratio < 1 - TOLERANCE : ratio > 1 + TOLERANCE;
    return {
      name,
      base: Math.round(base),
      head: Math.round(head),
      ratio: ratio.toFixed(3),
      verdict: worse ? `worse by more than ${TOLERANCE * 100} %` : `within ${TOLERANCE * 100} % or better`,
    };
  });
}

module.exports = { compareRuns, figuresOf, PAIRED_BENCHES, TOLERANCE };
