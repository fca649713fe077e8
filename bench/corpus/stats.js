#!/usr/bin/env node
// node bench/corpus/stats.js — the corpus' mix (kinds, sizes) and what DEFLATE makes of it, against
// real English text, the old "x".repeat(800) context and random bytes: each as the service stores
// a context (packages/core stored-data.ts encodeCanonical of the canonical JSON of {agent_id,
// context_data, metadata}: raw DEFLATE level 1, 1 KiB window) and, for reference, zlib's defaults
// (level 6, 32 KiB window). Needs the build (`npm run build`). The figures in README.md are its output.
const fs = require("node:fs");
const path = require("node:path");
const { deflateRawSync } = require("node:zlib");
const { corpus, corpusSha256, ENTRIES, incompressibleData, SEED, SIZE } = require("./corpus");
const { payloadContext } = require("./payloads");
const { Random } = require("./random");
const text = require("./text");

const root = path.resolve(__dirname, "../..");
const core = require(path.join(root, "packages/core/dist"));

/** Prose of a markdown file: no code blocks, tables, headings or list markers. */
function markdownProse(file) {
  let inCode = false;
  const lines = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    else if (!inCode && !/^\s*(\||#|$)/.test(line)) lines.push(line.replace(/^\s*[-*] /, "").trim());
  }
  return lines.join(" ");
}

/** `source` cut into pieces of the corpus' sizes, in turn (wrapping round), as {text} data. */
function piecesOf(source, sizes) {
  let at = 0;
  return sizes.map((size) => {
    let piece = "";
    while (piece.length < size) {
      const take = source.slice(at, at + size - piece.length);
      piece += take;
      at = (at + take.length) % source.length;
    }
    return { text: piece };
  });
}

function measure(contexts) {
  let canonical = 0;
  let stored = 0;
  let zlibDefault = 0;
  for (const c of contexts) {
    const text = core.canonicalContext(c).canonical;
    canonical += Buffer.byteLength(text);
    stored += core.encodeCanonical(text).length;
    zlibDefault += deflateRawSync(text).length;
  }
  const n = contexts.length;
  return { n, canonical: canonical / n, stored: stored / n, zlibDefault: zlibDefault / n };
}

const fmt = (n, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

function main() {
  const entries = corpus();
  const sizes = entries.map((e) => e.bytes);
  const sorted = [...sizes].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const total = sizes.reduce((a, b) => a + b, 0);
  console.log(
    `corpus: seed "${SEED}", ${ENTRIES} entries, sha256 of its JSON lines ${corpusSha256(entries)}`,
  );
  console.log(
    `target sizes: log-normal, median ${SIZE.median} B, σ ${SIZE.sigma}, clamped to [${SIZE.min}, ${SIZE.max}] (bytes of context_data's JSON)`,
  );
  console.log(
    `actual sizes: min ${fmt(q(0))} · p10 ${fmt(q(0.1))} · p25 ${fmt(q(0.25))} · median ${fmt(q(0.5))} · p75 ${fmt(q(0.75))} · ` +
      `p90 ${fmt(q(0.9))} · p99 ${fmt(q(0.99))} · max ${fmt(sorted[sorted.length - 1])} · mean ${fmt(total / ENTRIES)} B`,
  );
  console.log("\n| kind | entries | share of bytes | mean bytes |\n|---|---|---|---|");
  const kinds = new Map();
  for (const e of entries) {
    const k = kinds.get(e.kind) ?? { n: 0, bytes: 0 };
    kinds.set(e.kind, { n: k.n + 1, bytes: k.bytes + e.bytes });
  }
  for (const [kind, k] of kinds)
    console.log(`| ${kind} | ${k.n} | ${fmt((100 * k.bytes) / total, 1)} % | ${fmt(k.bytes / k.n)} |`);
  console.log("\n| size | entries | share of bytes |\n|---|---|---|");
  const buckets = [
    [200, 512],
    [512, 2048],
    [2048, 8192],
    [8192, 32768],
    [32768, 65537],
  ];
  for (const [lo, hi] of buckets) {
    const inside = sizes.filter((s) => s >= lo && s < hi);
    const bytes = inside.reduce((a, b) => a + b, 0);
    console.log(`| ${fmt(lo)}–${fmt(hi - 1)} B | ${inside.length} | ${fmt((100 * bytes) / total, 1)} % |`);
  }

  const agent = "bench-agent-00001";
  const wrap = (data, i) => ({ agent_id: agent, context_data: data, metadata: { seq: i } });
  const english = [
    markdownProse(path.join(root, "docs/operations.md")),
    fs.readFileSync(path.join(root, "node_modules/typescript/LICENSE.txt"), "utf8").replace(/\s+/g, " "),
  ];
  const generated = new Random(`${SEED} prose`);
  const rows = [
    ["the corpus (whole entries)", entries.map((_, i) => payloadContext(i, agent, "corpus"))],
    [
      "the corpus' generated prose alone, same sizes",
      sizes.map((s, i) => wrap({ text: text.prose(generated, s) }, i)),
    ],
    ["real English: docs/operations.md prose, same sizes", piecesOf(english[0], sizes).map(wrap)],
    ["real English: the Apache-2.0 licence text, same sizes", piecesOf(english[1], sizes).map(wrap)],
    [
      'the old context ("x".repeat(800), ~1 KiB)',
      Array.from({ length: 200 }, (_, i) => payloadContext(i, agent, "x800")),
    ],
    ["random bytes as base64, same sizes", sizes.map((s, i) => wrap(incompressibleData(s, i), i))],
  ];
  console.log(
    "\n| payload | canonical JSON, mean bytes | stored (level 1, 1 KiB window), mean bytes | stored/JSON | zlib defaults (level 6, 32 KiB) | /JSON |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const [name, contexts] of rows) {
    const m = measure(contexts);
    console.log(
      `| ${name} | ${fmt(m.canonical)} | ${fmt(m.stored)} | ${fmt(m.stored / m.canonical, 3)} | ${fmt(m.zlibDefault)} | ${fmt(m.zlibDefault / m.canonical, 3)} |`,
    );
  }
}

main();
