// The contexts the benches send: which payload (BENCH_PAYLOAD) and the context around it.
//   corpus (default)  the bench corpus (corpus.js), entry i mod 2,000;
//   incompressible    random bytes as base64, each the size of corpus entry i mod 2,000;
//   x800              the benches' old ~1 KiB context with notes "x".repeat(800) (DEFLATE takes
//                     it to ~13 %: kept to compare with figures measured with it, never a default).
// Context i carries metadata {seq: i}: contexts past the corpus' 2,000th repeat its data, not
// their whole body.
const { corpus, ENTRIES, incompressibleData, SIZE } = require("./corpus");

const PAYLOADS = ["corpus", "incompressible", "x800"];

function payloadKind(kind = process.env.BENCH_PAYLOAD ?? "corpus") {
  if (!PAYLOADS.includes(kind))
    throw new Error(`BENCH_PAYLOAD=${kind}: expected one of ${PAYLOADS.join(", ")}`);
  return kind;
}

/** The benches' old ~1 KiB context, kept to compare with figures measured with it. */
function x800Context(i, agent) {
  return {
    agent_id: agent,
    context_data: {
      task: "summarize",
      i,
      notes: "x".repeat(800),
      steps: Array.from({ length: 10 }, (_, n) => ({ n })),
    },
    metadata: { run: 1 },
  };
}

const incompressible = new Map();

/** Context `i` of agent `agent`, with the payload `kind` (default: BENCH_PAYLOAD, else corpus). */
function payloadContext(i, agent = "bench-agent", kind = payloadKind()) {
  if (kind === "x800") return x800Context(i, agent);
  const k = i % ENTRIES;
  const entry = corpus()[k];
  let data = entry.data;
  if (kind === "incompressible") {
    if (!incompressible.has(k)) incompressible.set(k, incompressibleData(entry.bytes, k));
    data = incompressible.get(k);
  }
  return { agent_id: agent, context_data: data, metadata: { seq: i } };
}

/** One line for a bench's output: what its contexts carried. */
function payloadNote(kind = payloadKind()) {
  const mean = corpus().reduce((sum, e) => sum + e.bytes, 0) / ENTRIES;
  const mix =
    `${ENTRIES} entries, ${SIZE.min} B–64 KiB of JSON, median ${(SIZE.median / 1024).toFixed(1)} KiB, ` +
    `mean ${(mean / 1024).toFixed(1)} KiB`;
  if (kind === "corpus") return `payloads: the bench corpus (bench/corpus: agent steps, ${mix})`;
  if (kind === "incompressible")
    return `payloads: incompressible (random bytes as base64, the corpus' sizes: ${mix}) [BENCH_PAYLOAD=incompressible]`;
  return 'payloads: the old ~1 KiB context with notes "x".repeat(800) [BENCH_PAYLOAD=x800: not the corpus]';
}

module.exports = { payloadContext, payloadKind, payloadNote, PAYLOADS };
