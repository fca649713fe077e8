// The benches' payload corpus: ENTRIES agent steps (context_data objects) made deterministically
// from SEED (no network, no downloaded text), the same bytes on every machine. README.md beside
// this file states the mix and what DEFLATE makes of it; `node bench/corpus/stats.js` measures it.
//
// Sizes: the ENTRIES quantiles of a log-normal distribution (median SIZE.median bytes of JSON,
// σ = SIZE.sigma in natural log), clamped to [SIZE.min, SIZE.max], in a shuffled order. Each
// entry is built to its size by kinds.js; its kind is drawn with KIND_WEIGHTS (entries under
// SMALL bytes are tool calls or events: an LLM call or an agent's step is never that small; from
// LARGE bytes on, LLM calls, tool calls and steps: an event is never that large).
const { createHash } = require("node:crypto");
const { KINDS, bytes } = require("./kinds");
const { Random, normalQuantile } = require("./random");

const SEED = "ctxlog bench corpus v1";
const ENTRIES = 2_000;
const SIZE = { median: 1_536, sigma: 1.1, min: 200, max: 64_000 };
const KIND_WEIGHTS = [
  ["llm_call", 35],
  ["tool_call", 40],
  ["agent_step", 15],
  ["agent_event", 10],
];
const SMALL = 600;
const SMALL_WEIGHTS = [
  ["tool_call", 60],
  ["agent_event", 40],
];
const LARGE = 8_192;
const LARGE_WEIGHTS = [
  ["llm_call", 45],
  ["tool_call", 45],
  ["agent_step", 10],
];
// where the runs' clocks start: fixed, so timestamps are part of the same bytes everywhere
const START_MS = Date.UTC(2026, 2, 2, 9, 0, 0);

/** The target sizes: quantiles (i + ½)/n of the log-normal mix, clamped, shuffled by `rnd`. */
function targetSizes(n, rnd) {
  const sizes = Array.from({ length: n }, (_, i) => {
    const z = normalQuantile((i + 0.5) / n);
    return Math.round(Math.min(SIZE.max, Math.max(SIZE.min, SIZE.median * Math.exp(SIZE.sigma * z))));
  });
  return rnd.shuffle(sizes);
}

/**
 * The corpus: `n` entries `{ kind, bytes, data }` (data: a context_data object; bytes: the length
 * of its JSON in UTF-8). The entries follow runs of an agent: 3–40 steps share a run_id, steps
 * count up, the clock moves on by 0.2–30 s a step.
 */
function generateCorpus(seed = SEED, n = ENTRIES) {
  const rnd = new Random(seed);
  const sizes = targetSizes(n, rnd);
  const entries = [];
  const ctx = { runId: "", step: 0, atMs: START_MS };
  let runLeft = 0;
  for (const target of sizes) {
    if (runLeft === 0) {
      ctx.runId = rnd.uuid();
      ctx.step = 0;
      runLeft = rnd.int(3, 40);
    }
    runLeft--;
    ctx.step++;
    ctx.atMs += rnd.int(200, 30_000);
    const kind = rnd.weighted(
      target < SMALL ? SMALL_WEIGHTS : target >= LARGE ? LARGE_WEIGHTS : KIND_WEIGHTS,
    );
    const data = KINDS[kind](rnd, target, ctx);
    entries.push({ kind, bytes: bytes(data), data });
  }
  return entries;
}

/** The corpus as JSON lines (`{"kind":…,"data":…}`), the bytes its pinned hash is of. */
function corpusLines(entries) {
  return entries.map((e) => JSON.stringify({ kind: e.kind, data: e.data })).join("\n");
}

const corpusSha256 = (entries) => createHash("sha256").update(corpusLines(entries)).digest("hex");

let cached;
/** The corpus of SEED, made once per process (~1 s). */
function corpus() {
  cached ??= generateCorpus();
  return cached;
}

/**
 * An incompressible context_data of about `size` bytes of JSON: `n`-th random bytes (a PRNG of
 * their own, seeded by `n`) as base64, what DEFLATE cannot shrink.
 */
function incompressibleData(size, n) {
  const rnd = new Random(`${SEED} incompressible ${n}`);
  const frame = bytes({ type: "blob", encoding: "base64", data: "" });
  const chars = Math.max(4, size - frame);
  const data = rnd
    .bytes(Math.ceil((chars * 3) / 4))
    .toString("base64")
    .slice(0, chars);
  return { type: "blob", encoding: "base64", data };
}

module.exports = {
  corpus,
  corpusLines,
  corpusSha256,
  ENTRIES,
  generateCorpus,
  incompressibleData,
  KIND_WEIGHTS,
  LARGE,
  LARGE_WEIGHTS,
  SMALL_WEIGHTS,
  SEED,
  SIZE,
  SMALL,
};
