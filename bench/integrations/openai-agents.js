// bench:integrations, the OpenAI Agents SDK's part: what ctxlogProcessor adds to one step of an
// agent. A step is one run() of a real Agent whose model (the SDK's own ScriptedModel, traced as a
// model provider traces its calls) answers at once: four spans (generation, turn, agent, task),
// each one context. Timed `steps` times without the processor (tracing on, spans going nowhere) and
// with it, alternating one of each (which goes first turned round every pair), after a warm-up, in one
// run; ctxlog is a loopback HTTP server answering 202 as POST /v1/contexts/batch does, so the
// batches the logger sends meanwhile are part of what is measured. Needs the built packages
// (`npm run build`). Alone: `node bench/integrations/openai-agents.js [steps]` (default 2000).
const http = require("node:http");
const path = require("node:path");
const { performance } = require("node:perf_hooks");

const root = path.resolve(__dirname, "..", "..");
const { ctxlogProcessor } = require(path.join(root, "packages/openai-agents/dist"));
const core = require("@openai/agents-core");
const { ScriptedModel, assistantMessage } = require("@openai/agents-core/testing");

const SPANS_PER_STEP = 4;
const WARM_UP = 200;

/** A loopback stand-in for POST /v1/contexts/batch: counts what it is sent, answers 202. */
async function acceptingServer() {
  let received = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const { contexts } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received += contexts.length;
      const data = contexts.map((c, i) => ({ context_id: `ctx_${received}_${i}`, agent_id: c.agent_id }));
      res.writeHead(202, { "content-type": "application/json" });
      res.end(JSON.stringify({ data }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The SDK's ScriptedModel with a generation span per call, as the Chat Completions model records. */
function tracedModel() {
  const scripted = new ScriptedModel();
  return {
    enqueueAnswer: () => scripted.enqueue([assistantMessage("done")]),
    getResponse: (request) =>
      core.withGenerationSpan(async (span) => {
        span.spanData.model = "scripted-model";
        span.spanData.input =
          typeof request.input === "string" ? [{ role: "user", content: request.input }] : [...request.input];
        const response = await scripted.getResponse(request);
        span.spanData.output = response.output;
        span.spanData.usage = { input_tokens: 12, output_tokens: 7 };
        return response;
      }),
    getStreamedResponse: (request) => scripted.getStreamedResponse(request),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function run({ steps = 2000 } = {}) {
  const api = await acceptingServer();
  const processor = ctxlogProcessor({ baseUrl: api.baseUrl, apiKey: "sk_bench" });
  const model = tracedModel();
  const agent = new core.Agent({ name: "Bench", instructions: "Answer.", model });
  core.setTracingDisabled(false);

  // One processor for the whole run, passing spans on to ctxlog's or not: setTraceProcessors would
  // shut the replaced processor down (a flush) at each switch, which a program never does per step.
  let withCtxlog = false;
  const gate = {
    onTraceStart: (trace) => (withCtxlog ? processor.onTraceStart(trace) : Promise.resolve()),
    onTraceEnd: (trace) => (withCtxlog ? processor.onTraceEnd(trace) : Promise.resolve()),
    onSpanStart: (span) => (withCtxlog ? processor.onSpanStart(span) : Promise.resolve()),
    onSpanEnd: (span) => (withCtxlog ? processor.onSpanEnd(span) : Promise.resolve()),
    shutdown: () => Promise.resolve(),
    forceFlush: () => Promise.resolve(),
  };
  core.setTraceProcessors([gate]);

  const step = async (ctxlog) => {
    withCtxlog = ctxlog;
    model.enqueueAnswer();
    const started = performance.now();
    await core.run(agent, "Say done.");
    return performance.now() - started;
  };

  try {
    for (let i = 0; i < WARM_UP; i++) await step(i % 2 === 0);
    const without = [];
    const withIt = [];
    for (let i = 0; i < steps; i++) {
      const first = i % 2 === 0;
      if (first) {
        without.push(await step(false));
        withIt.push(await step(true));
      } else {
        withIt.push(await step(true));
        without.push(await step(false));
      }
    }
    await processor.close();
    const expected = (steps + WARM_UP / 2) * SPANS_PER_STEP;
    if (api.received() !== expected) {
      throw new Error(`the processor sent ${api.received()} contexts, expected ${expected}`);
    }
    const median_ms_without = median(without);
    const median_ms_with = median(withIt);
    return {
      name: "openai-agents",
      median_ms_without,
      median_ms_with,
      steps,
      added_ms: median_ms_with - median_ms_without,
      spans_per_step: SPANS_PER_STEP,
      contexts_sent: api.received(),
    };
  } finally {
    core.setTraceProcessors([]);
    await api.close();
  }
}

module.exports = { run };

if (require.main === module) {
  run({ steps: Number(process.argv[2] ?? 2000) }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
