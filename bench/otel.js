#!/usr/bin/env node
// bench:otel — in one run on one machine, against the real API (PostgreSQL, Redis):
//   (c) POST /v1/contexts/batch with 100 contexts of the bench corpus a request (bench/corpus;
//       BENCH_PAYLOAD another payload), as bench:ingest's (c);
//   (o) POST /v1/otel/v1/traces with the payloads the OpenTelemetry SDK's protobuf exporter sends:
//       512 spans each (its default batch), GenAI spans each carrying one corpus entry's data as an
//       attribute (the same bytes (c) sends), every span new.
// Both are driven the same way (undici, BENCH_CONNECTIONS requests in flight, BENCH_DURATION_SECONDS
// a run after one warm-up of each) in BENCH_OTEL_ROUNDS rounds (2), the order turned round every
// round (c o, o c, …), against one API at its production defaults; they report contexts (spans)
// accepted per second and p50/p99 per request. Target: (o) ≥ 0.8 × (c), means over the rounds.
// The payloads are made before the runs by the real SDK exporting to a local capturing server
// (BENCH_OTEL_PAYLOADS of them, 240 by default, shared by the rounds: (o) stops early when they
// run out, as a resent span would write nothing). Knobs: BENCH_DURATION_SECONDS (10),
// BENCH_CONNECTIONS (8), BENCH_OTEL_PAYLOADS (240), BENCH_OTEL_ROUNDS (2), BENCH_PAYLOAD.
// Then (bombs) small bodies that inflate or decode to very much (issue 36), each sent once while
// /healthz is polled: the time to the refusal, the API's RSS growth meanwhile and /healthz's
// slowest answer. Targets: refused < 1 s, RSS growth < 64 MiB, /healthz < 200 ms.
const fs = require("node:fs");
const http = require("node:http");
const zlib = require("node:zlib");
const path = require("node:path");
const { Pool } = require("undici");
const lib = require("./lib");

const { root, fmt, percentile } = lib;
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PAYLOADS = Number(process.env.BENCH_OTEL_PAYLOADS ?? 240);
const ROUNDS = Number(process.env.BENCH_OTEL_ROUNDS ?? 2);
const SPANS_PER_PAYLOAD = 512;
const BATCH = 100;

// the SDK the API's tests use (apps/api's devDependencies)
const sdkRequire = (name) => require(require.resolve(name, { paths: [path.join(root, "apps/api")] }));

/** Runs the real SDK + protobuf exporter against a local server that keeps each request body. */
async function exporterPayloads(count) {
  const bodies = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks));
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { trace, context } = sdkRequire("@opentelemetry/api");
  const { resourceFromAttributes } = sdkRequire("@opentelemetry/resources");
  const { BasicTracerProvider, BatchSpanProcessor } = sdkRequire("@opentelemetry/sdk-trace-base");
  const { OTLPTraceExporter } = sdkRequire("@opentelemetry/exporter-trace-otlp-proto");
  const exporter = new OTLPTraceExporter({ url: `http://127.0.0.1:${server.address().port}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": "bench-service", "ctxlog.agent_id": "bench-agent" }),
    spanProcessors: [
      new BatchSpanProcessor(exporter, {
        maxExportBatchSize: SPANS_PER_PAYLOAD, // the SDK's default, spelled out
        maxQueueSize: SPANS_PER_PAYLOAD * 4,
        scheduledDelayMillis: 60_000,
      }),
    ],
  });
  const tracer = provider.getTracer("bench", "1.0.0");
  // span n carries corpus entry n's data (what (c) sends as context_data) as a JSON attribute
  let n = 0;
  const step = () => JSON.stringify(lib.payloadContext(n++).context_data);
  for (let p = 0; p < count; p++) {
    for (let run = 0; run < SPANS_PER_PAYLOAD / 4; run++) {
      const agent = tracer.startSpan("invoke_agent bench", {
        attributes: {
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.agent.name": "bench",
          "bench.step": step(),
        },
      });
      const inAgent = trace.setSpan(context.active(), agent);
      for (const name of ["chat", "execute_tool", "chat"]) {
        const span = tracer.startSpan(
          `${name} step`,
          {
            attributes: {
              "gen_ai.operation.name": name,
              "gen_ai.request.model": "gpt-4o",
              "gen_ai.usage.input_tokens": 200,
              "gen_ai.usage.output_tokens": 50,
              "bench.step": step(),
            },
          },
          inAgent,
        );
        span.end();
      }
      agent.end();
    }
    await provider.forceFlush();
  }
  await provider.shutdown();
  server.close();
  return bodies;
}

/** Sends `next()`'s requests over CONNECTIONS for durationSeconds (or until it returns undefined). */
async function drive(url, headers, next, itemsPerRequest, durationSeconds = DURATION) {
  const origin = new URL(url);
  const pool = new Pool(origin.origin, { connections: CONNECTIONS });
  const latencies = [];
  let accepted = 0;
  let failed = 0;
  const refusedBy = {};
  const started = performance.now();
  const until = started + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let body = next(); body !== undefined && performance.now() < until; body = next()) {
        const t0 = performance.now();
        const res = await pool.request({ path: origin.pathname, method: "POST", headers, body });
        await res.body.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.statusCode < 300) accepted += itemsPerRequest;
        else {
          failed++;
          refusedBy[res.statusCode] = (refusedBy[res.statusCode] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: accepted / seconds,
    accepted,
    failed,
    refusedBy,
    seconds,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  };
}

/** A length-delimited protobuf field (tag, length, payload). */
function field(number, payload) {
  const varint = (n) => {
    const bytes = [];
    for (; n > 0x7f; n = Math.floor(n / 128)) bytes.push((n & 0x7f) | 0x80);
    bytes.push(n);
    return Buffer.from(bytes);
  };
  return Buffer.concat([varint((number << 3) | 2), varint(payload.length), payload]);
}
const emptyFields = (number, count) => Buffer.alloc(count * 2, Buffer.from([(number << 3) | 2, 0]));

/** The bombs: [name, path, content type, encoding, body]. */
function bombs() {
  const proto = "application/x-protobuf";
  const json = "application/json";
  const spansProto = (n) => field(1, field(2, emptyFields(2, n)));
  return [
    ["1M empty spans, protobuf gzip", "/otel/v1/traces", proto, "gzip", zlib.gzipSync(spansProto(1_000_000))],
    [
      "10M empty spans (20 MB), protobuf gzip",
      "/otel/v1/traces",
      proto,
      "gzip",
      zlib.gzipSync(spansProto(10_000_000)),
    ],
    [
      "300k empty spans, JSON gzip",
      "/otel/v1/traces",
      json,
      "gzip",
      zlib.gzipSync(`{"resourceSpans":[{"scopeSpans":[{"spans":[${"{},".repeat(299_999)}{}]}]}]}`),
    ],
    [
      "1M empty ResourceSpans, protobuf deflate",
      "/otel/v1/traces",
      proto,
      "deflate",
      zlib.deflateSync(emptyFields(1, 1_000_000)),
    ],
    [
      "1M empty ScopeSpans, JSON deflate",
      "/otel/v1/traces",
      json,
      "deflate",
      zlib.deflateSync(`{"resourceSpans":[{"scopeSpans":[${"{},".repeat(999_999)}{}]}]}`),
    ],
    [
      "64 MiB of zeros, protobuf gzip",
      "/otel/v1/traces",
      proto,
      "gzip",
      zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024)),
    ],
    [
      "64 MiB of spaces, contexts/batch deflate",
      "/contexts/batch",
      json,
      "deflate",
      zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)),
    ],
  ];
}

/** The process's resident memory in bytes (Linux), or undefined. */
function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Sends each bomb once, polling /healthz and the API's RSS until it is answered. */
async function runBombs(base, auth, pid) {
  const rows = [];
  for (const [name, route, type, encoding, body] of bombs()) {
    const before = rssOf(pid);
    let peak = before ?? 0;
    let slowest = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        const t0 = performance.now();
        await fetch(base.replace(/\/v1$/, "/healthz")).then((r) => r.arrayBuffer());
        slowest = Math.max(slowest, performance.now() - t0);
        peak = Math.max(peak, rssOf(pid) ?? 0);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const t0 = performance.now();
    const res = await fetch(`${base}${route}`, {
      method: "POST",
      headers: { ...auth, "content-type": type, "content-encoding": encoding },
      body,
    });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    peak = Math.max(peak, rssOf(pid) ?? 0);
    done = true;
    await watch;
    const growth = before === undefined ? undefined : (peak - before) / 1024 / 1024;
    rows.push({ name, bytes: body.length, status: res.status, ms, growth, slowest });
  }
  console.log("| bomb | bytes sent | status | refused in ms | API RSS growth MiB | slowest /healthz ms |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) {
    const growth = r.growth === undefined ? "n/a" : fmt(r.growth, 1);
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.status} | ${fmt(r.ms, 0)} | ${growth} | ${fmt(r.slowest, 0)} |`,
    );
  }
  const refused = rows.every((r) => r.status === 413 || r.status === 429);
  const maxMs = Math.max(...rows.map((r) => r.ms));
  const maxGrowth = Math.max(...rows.map((r) => r.growth ?? Number.NaN));
  const maxHealthz = Math.max(...rows.map((r) => r.slowest));
  const verdict = (ok) => (ok ? "met" : "NOT MET");
  console.log(
    `bombs: all refused (413/429) ${verdict(refused)}; slowest refusal ${fmt(maxMs, 0)} ms (target < 1000: ` +
      `${verdict(maxMs < 1000)}); largest RSS growth ${Number.isNaN(maxGrowth) ? "n/a" : `${fmt(maxGrowth, 1)} MiB`} ` +
      `(target < 64: ${Number.isNaN(maxGrowth) ? "not measured" : verdict(maxGrowth < 64)}); slowest /healthz ` +
      `${fmt(maxHealthz, 0)} ms (target < 200: ${verdict(maxHealthz < 200)})`,
  );
}

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `bench:otel — ${date}, node ${process.version}, ${DURATION} s per run, ${CONNECTIONS} connections`,
  );
  const payloads = await exporterPayloads(PAYLOADS);
  const kib = payloads.reduce((n, b) => n + b.length, 0) / payloads.length / 1024;
  console.log(
    `${payloads.length} protobuf exporter payloads of ${SPANS_PER_PAYLOAD} spans, ${fmt(kib, 0)} KiB each`,
  );

  console.log(lib.payloadNote());
  const stack = await lib.benchStack("ctxlog_bench_otel");
  try {
    const { key } = await lib.createBenchKeyIn(stack.databaseUrl);
    const api = await lib.startProcess(path.join(root, "apps/api/dist/main.js"), stack.env);
    const base = `http://127.0.0.1:${api.port}/v1`;
    const auth = { authorization: `Bearer ${key}` };
    try {
      // the corpus' contexts in turn, 100 a request (as bench:ingest's (c))
      const batchBodies = Array.from({ length: 20 }, (_, j) =>
        JSON.stringify({
          contexts: Array.from({ length: BATCH }, (_, i) => lib.payloadContext(j * BATCH + i)),
        }),
      );
      let b = 0;
      const nextBatch = () => batchBodies[b++ % batchBodies.length];
      const json = { ...auth, "content-type": "application/json" };
      const proto = { ...auth, "content-type": "application/x-protobuf" };
      let sent = 0;
      const nextExport = () => payloads[sent++];
      const runs = {
        c: () => drive(`${base}/contexts/batch`, json, nextBatch, BATCH),
        o: () => drive(`${base}/otel/v1/traces`, proto, nextExport, SPANS_PER_PAYLOAD),
      };
      // a short warm-up of each path (one export a connection), then the measured rounds, the order
      // turned round each round
      await drive(`${base}/contexts/batch`, json, nextBatch, BATCH, Math.min(2, DURATION));
      const warmExports = payloads.slice(0, CONNECTIONS);
      sent = warmExports.length;
      await drive(`${base}/otel/v1/traces`, proto, () => warmExports.pop(), SPANS_PER_PAYLOAD);
      const results = { c: [], o: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of round % 2 === 0 ? ["c", "o"] : ["o", "c"]) results[name].push(await runs[name]());
      }
      // refusals by status: a 503 is the write queue's bound (CONTEXT_WRITE_QUEUE_MAX) telling the
      // exporter to back off, as it would a real one
      const refused = (r) =>
        r.failed === 0
          ? "0"
          : `${r.failed} (${Object.entries(r.refusedBy)
              .map(([status, n]) => `${n}× ${status}`)
              .join(", ")})`;
      console.log("| run | round | contexts/s | p50 ms | p99 ms | accepted | refused requests | seconds |");
      console.log("|---|---|---|---|---|---|---|---|");
      const titles = {
        c: `(c) POST /v1/contexts/batch, ${BATCH} corpus contexts`,
        o: `(o) POST /v1/otel/v1/traces, ${SPANS_PER_PAYLOAD}-span protobuf payloads`,
      };
      for (const name of ["c", "o"]) {
        for (const [round, r] of results[name].entries())
          console.log(
            `| ${titles[name]} | ${round + 1} | ${fmt(r.perSecond, 0)} | ${r.p50} | ${r.p99} | ${r.accepted} | ${refused(r)} | ${fmt(r.seconds, 1)} |`,
          );
      }
      if (sent > payloads.length)
        console.log("(o) ran out of payloads before the time was up: raise BENCH_OTEL_PAYLOADS");
      const mean = (rs) => rs.reduce((sum, r) => sum + r.perSecond, 0) / rs.length;
      const ratio = mean(results.o) / Math.max(1, mean(results.c));
      console.log(
        `(o)/(c) = ${fmt(ratio, 3)}, means of ${ROUNDS} alternating rounds (target ≥ 0.8: ${ratio >= 0.8 ? "met" : "NOT MET"})`,
      );
      console.log(lib.settingsNote({ api: stack.env }));
      await runBombs(base, auth, api.pid);
    } finally {
      await api.stop();
    }
  } finally {
    await stack.drop();
  }
}

lib.runBench(main);
