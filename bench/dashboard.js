#!/usr/bin/env node
// bench:dashboard — issues 12's and 26's budgets, measured in Debian's Chromium (playwright-core)
// against the real stack (the API serving the built dashboard, both workers, anvil, PostgreSQL, Redis):
//   (a) the JavaScript sent for the first page, as the browser received it (bytes on the wire,
//       gzipped by the API), for the sign-in page and for the overview of a signed-in person;
//   (b) first page usable: a cold load (fresh browser profile, empty cache) of the overview until
//       its data is on screen (the chain's head block and the contexts chart), from navigation start;
//   (c) with 10,000 contexts in the database (8,000 written as the API writes them, 2,000 OTLP spans
//       of one agent in 100 traces sent to POST /v1/otel/v1/traces): a cold load of each page until
//       it is usable (overview, contexts, contexts of the last 7 days, agents, the agent with the
//       spans: its traces and its log), issue 26's budget being 1 s median; and the contexts page
//       reached from the menu of an open dashboard.
// Each load is repeated (BENCH_DASHBOARD_RUNS, default 5); medians and worst are printed.
// BENCH_DASHBOARD_CONTEXTS (10,000) and BENCH_DASHBOARD_TRACES (100, a multiple of 25) shrink (c)
// for the smoke run of test/e2e/benches; the figures are the defaults'.
// BENCH_DASHBOARD_BASELINE=<another checkout, built> also serves that checkout's dashboard (its own
// API process, on the same database) and alternates each cold load between the two, so a change is
// compared on the same machine at the same moment (this machine is shared and noisy); the
// baseline's medians and the ratio are printed beside. The load average is printed too.
const { execFileSync, fork } = require("node:child_process");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");
const { formatTraceSummary, summarizeTrace } = require("./dashboard-trace");
const lib = require("./lib");

const { root, DEV_SIGNER, fmt } = lib;

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 5);
const BASELINE = process.env.BENCH_DASHBOARD_BASELINE
  ? path.resolve(process.env.BENCH_DASHBOARD_BASELINE)
  : null;
const TRACE_DIR = process.env.BENCH_DASHBOARD_TRACE ? path.resolve(process.env.BENCH_DASHBOARD_TRACE) : null;
// what DevTools' performance panel records: the main thread's tasks with V8's work inside them
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
];
const CONTEXTS = Number(process.env.BENCH_DASHBOARD_CONTEXTS ?? 10_000);
const SPANS = {
  traces: Number(process.env.BENCH_DASHBOARD_TRACES ?? 100),
  perTrace: 20,
  agent: "otel-agent",
};
const BUDGET = { jsKiB: 250, firstPageMs: 1500, contextsMs: 1000 };
const PASSWORD = "correct horse battery staple";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (bytes) => bytes / 1024;

async function startStack() {
  const chain = await lib.startBenchChain();
  const scratch = await lib.benchStack("ctxlog_bench_dashboard");
  const env = { ...scratch.env, ...chain.env };
  const workers = ["apps/chain-worker/dist/main.js", "apps/webhook-worker/dist/main.js"].map((main) =>
    fork(path.join(root, main), [], { env: { ...process.env, ...env }, stdio: "ignore" }),
  );
  // the API's port is chosen by startProcess; sign-in links and the Origin check need it up front
  const api = await lib.startProcess(path.join(root, "apps/api/dist/main.js"), env, "/healthz");
  const origin = `http://127.0.0.1:${api.port}`;
  const baseline = BASELINE
    ? await lib.startProcess(path.join(BASELINE, "apps/api/dist/main.js"), env, "/healthz")
    : null;
  return {
    origin,
    baselineOrigin: baseline ? `http://127.0.0.1:${baseline.port}` : null,
    env: { ...env, PUBLIC_BASE_URL: origin, PORT: String(api.port) },
    databaseUrl: scratch.databaseUrl,
    stopChainWorker: () => lib.stopProcess(workers[0]),
    async close() {
      for (const worker of workers) await lib.stopProcess(worker);
      await api.stop();
      await baseline?.stop();
      await scratch.drop();
      await chain.stop();
    },
  };
}

/** An account from the CLI, its password set through the API: the session cookie to sign in with. */
async function signedInCookie(stack, userId) {
  const out = execFileSync(
    process.execPath,
    [
      path.join(root, "apps/cli/dist/main.js"),
      "accounts",
      "create",
      "--user",
      userId,
      "--email",
      "bench@acme.example",
      "--json",
    ],
    { env: { ...process.env, ...stack.env }, encoding: "utf8" },
  );
  const token = new URL(JSON.parse(out).link).hash.replace(/^#token=/, "");
  const res = await fetch(`${stack.origin}/v1/auth/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: stack.origin },
    body: JSON.stringify({ token, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`setup: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ctxlog_session="));
  const value = cookie.split(";")[0].split("=")[1];
  return { name: "ctxlog_session", value, url: stack.origin };
}

/**
 * One cold load of `path` in a fresh profile: the JavaScript received (bytes on the wire, as the
 * server encoded them) and the time from navigation start until `ready` shows in the page.
 */
async function coldLoad(browser, origin, cookie, urlPath, ready, traceName = null) {
  const readySelectors = Array.isArray(ready) ? ready : [ready];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookie) await context.addCookies([{ ...cookie, url: origin }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Map();
  cdp.on("Network.responseReceived", (e) => {
    if (e.type !== "Script") return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    scripts.set(e.requestId, { url: e.response.url, encoding: headers["content-encoding"] });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const script = scripts.get(e.requestId);
    if (script) script.bytes = e.encodedDataLength;
  });
  if (traceName) {
    await browser.startTracing(page, {
      path: path.join(TRACE_DIR, `${traceName}.json`),
      categories: TRACE_CATEGORIES,
    });
  }
  await page.goto(`${origin}/dashboard${urlPath}`, { waitUntil: "commit" });
  const readyAt = await page
    .waitForFunction(
      (selectors) => selectors.every((s) => document.querySelector(s)) && performance.now(),
      readySelectors,
      { polling: "raf", timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue());
  await page.waitForLoadState("networkidle");
  if (traceName) {
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    console.log(formatTraceSummary(`trace ${traceName} (${urlPath})`, summarizeTrace(trace, readyAt), fmt));
  }
  const js = [...scripts.values()];
  await context.close();
  return { ms: readyAt, jsBytes: js.reduce((sum, s) => sum + (s.bytes ?? 0), 0), js };
}

/**
 * `RUNS` cold loads of `urlPath` (coldLoad's results), and as many of the baseline's when there is
 * one, alternated (ABBA…) so that both see the machine alike. `{ current, baseline }`.
 */
async function coldLoads(browser, stack, cookie, urlPath, ready) {
  const current = [];
  const baseline = [];
  for (let i = 0; i < RUNS; i++) {
    const order = stack.baselineOrigin && i % 2 === 1 ? ["baseline", "current"] : ["current", "baseline"];
    for (const which of order) {
      const traceName =
        TRACE_DIR && i === 0
          ? urlPath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "overview"
          : null;
      if (which === "current")
        current.push(await coldLoad(browser, stack.origin, cookie, urlPath, ready, traceName));
      else if (stack.baselineOrigin)
        baseline.push(await coldLoad(browser, stack.baselineOrigin, cookie, urlPath, ready));
    }
  }
  return { current, baseline };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** An OTLP/JSON export of `count` traces from trace `first` on, SPANS.perTrace spans each (a root and its children). */
function otlpTraces(first, count) {
  const hex = (n, width) => n.toString(16).padStart(width, "0");
  const start = BigInt(Date.now()) * 1_000_000n;
  const spans = [];
  for (let t = first; t < first + count; t++) {
    const traceId = hex(t + 1, 32);
    for (let s = 0; s < SPANS.perTrace; s++) {
      spans.push({
        traceId,
        spanId: hex((t + 1) * 1000 + s + 1, 16),
        ...(s > 0 ? { parentSpanId: hex((t + 1) * 1000 + 1, 16) } : {}),
        name: s === 0 ? "invoke_agent" : "chat",
        kind: 1,
        startTimeUnixNano: String(start + BigInt(s) * 1_000_000n),
        endTimeUnixNano: String(start + BigInt(s + 1) * 1_000_000n),
        attributes: [{ key: "gen_ai.request.model", value: { stringValue: "gpt-4o" } }],
        status: { code: 1 },
      });
    }
  }
  const agent = [{ key: "ctxlog.agent_id", value: { stringValue: SPANS.agent } }];
  return {
    resourceSpans: [{ resource: { attributes: agent }, scopeSpans: [{ scope: { name: "bench" }, spans }] }],
  };
}

async function main() {
  console.log(`bench:dashboard — Debian's Chromium (/usr/bin/chromium), ${RUNS} cold loads each, 1280×800`);
  console.log(`load average at the start: ${loadAverage()} (${os.cpus().length} cores)`);
  if (BASELINE) console.log(`baseline: ${BASELINE}, its cold loads alternated with this checkout's`);
  if (TRACE_DIR) require("node:fs").mkdirSync(TRACE_DIR, { recursive: true });
  const stack = await startStack();
  console.log(lib.payloadNote());
  console.log(lib.settingsNote({ api: stack.env, "chain worker": stack.env, "webhook worker": stack.env }));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox"],
  });
  const results = {};
  try {
    const cookie = await signedInCookie(stack, "bench");
    // some data on the overview: a few contexts POSTed by a key of the same user, confirmed
    const db = require(path.join(root, "packages/db/dist"));
    const client = db.createDb(stack.databaseUrl, { poolSize: 2 });
    const { key, record } = await db.createApiKey(client, { userId: "bench", type: "full" });
    for (let i = 0; i < 5; i++) {
      await fetch(`${stack.origin}/v1/contexts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ agent_id: `agent-${i}`, context_data: { i } }),
      });
    }

    // (a) + (b): the sign-in page (first visit) and the overview (signed in), cold
    const overviewReady = "main .uplot canvas"; // the chart renders after the overview's data
    const signInLoads = await coldLoads(browser, stack, null, "/sign-in", "form button[type=submit]");
    const overviewLoads = await coldLoads(browser, stack, cookie, "/", overviewReady);
    const signIn = signInLoads.current;
    const overview = overviewLoads.current;
    // compression skips bodies under 1 KiB (bytes here include the headers); a larger one sent as is is a regression
    for (const s of overview[0].js.filter((f) => !f.encoding && f.bytes > 2048)) {
      console.log(`note: ${s.url} (${fmt(kib(s.bytes))} KiB) was sent without compression`);
    }
    const files = (run) =>
      run.js
        .sort((a, b) => b.bytes - a.bytes)
        .map((f) => `${path.basename(f.url)} ${fmt(kib(f.bytes))}`)
        .join(", ");
    console.log(`overview's scripts (KiB on the wire): ${files(overview[0])}`);
    results.signInJsKiB = kib(signIn[0].jsBytes);
    results.overviewJsKiB = kib(overview[0].jsBytes);
    results.signInMs = signIn.map((r) => r.ms);
    results.overviewMs = overview.map((r) => r.ms);
    results.baseline = {
      signInMs: signInLoads.baseline.map((r) => r.ms),
      overviewMs: overviewLoads.baseline.map((r) => r.ms),
      overviewJsKiB: overviewLoads.baseline[0] ? kib(overviewLoads.baseline[0].jsBytes) : null,
    };

    // (c): 10,000 contexts of this user (the chain worker stopped first: it would anchor them all)
    await stack.stopChainWorker();
    // built and written as the API writes them (hashed, signed, one INSERT per 2,000)
    const core = require(path.join(root, "packages/core/dist"));
    const owner = { userId: "bench", apiKeyId: record.id, keyFamilyId: record.familyId };
    const signer = core.createContextSigner(DEV_SIGNER);
    const seedStarted = performance.now();
    const spanCount = SPANS.traces * SPANS.perTrace;
    for (let done = 0; done < CONTEXTS - spanCount; done += 2_000) {
      const inputs = Array.from({ length: Math.min(2_000, CONTEXTS - spanCount - done) }, (_, n) => ({
        agent_id: `agent-${(done + n) % 7}`,
        context_data: lib.payloadContext(done + n).context_data,
      }));
      const rows = core.buildNewContexts(owner, inputs, {
        signer,
        network: "anvil",
        confirmationDelayMs: 5_000,
      });
      await db.insertContexts(client, rows, signer);
    }
    // the spans through the API (a key of the bench plan: a span costs one rate-limit unit)
    const otlp = await db.createApiKey(client, { userId: "bench", type: "full", plan: "bench" });
    for (let t = 0; t < SPANS.traces; t += 25) {
      const res = await fetch(`${stack.origin}/v1/otel/v1/traces`, {
        method: "POST",
        headers: { authorization: `Bearer ${otlp.key}`, "content-type": "application/json" },
        body: JSON.stringify(otlpTraces(t, 25)),
      });
      if (res.status !== 200) throw new Error(`otlp: ${res.status} ${await res.text()}`);
    }
    const seedMs = performance.now() - seedStarted;
    const total = await client.context.count({ where: { userId: "bench" } });
    const firstRow = "main table tbody tr a[href*='/contexts/ctx_']";
    const pages = [
      ["overview: numbers and chart shown", "/", overviewReady],
      ["contexts: first rows shown", "/contexts", firstRow],
      ["contexts of the last 7 days: first rows shown", "/contexts?range=7d", firstRow],
      ["agents: first rows shown", "/agents", "main table tbody tr a[href*='/agents/']"],
      [
        `agent with ${spanCount.toLocaleString("en")} spans: traces and log shown`,
        `/agents/${SPANS.agent}`,
        ["main table[aria-label='Traces'] tbody tr a", "main table[aria-label='Log entries'] tbody tr a"],
      ],
    ];
    results.pages = [];
    for (const [label, urlPath, ready] of pages) {
      const loads = await coldLoads(browser, stack, cookie, urlPath, ready);
      results.pages.push({
        label,
        ms: loads.current.map((r) => r.ms),
        baselineMs: loads.baseline.map((r) => r.ms),
      });
    }
    // from the menu of an open dashboard (its code already loaded): the click until the rows show
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    const navigations = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${stack.origin}/dashboard/`);
      await page.waitForSelector(overviewReady);
      const started = await page.evaluate(() => performance.now());
      await page.getByRole("link", { name: "Contexts" }).click();
      navigations.push(
        (await page
          .waitForFunction((s) => document.querySelector(s) && performance.now(), firstRow, {
            polling: "raf",
          })
          .then((h) => h.jsonValue())) - started,
      );
    }
    await context.close();
    results.contextsNavMs = navigations;
    const timeApi = async (urlPath) => {
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const res = await fetch(`${stack.origin}/v1${urlPath}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${await res.text()}`);
        await res.json();
        times.push(performance.now() - started);
      }
      return times;
    };
    results.contextsApiMs = await timeApi("/contexts?limit=25");
    results.tracesApiMs = await timeApi(`/agents/${SPANS.agent}/traces?limit=10`);
    results.agentsApiMs = await timeApi("/agents?limit=25");
    await client.$disconnect();

    const line = (label, ms, budget, baselineMs = []) =>
      `${label.padEnd(58)} median ${fmt(median(ms), 0).padStart(5)} ms, worst ${fmt(Math.max(...ms), 0).padStart(5)} ms${budget ? `  (budget ${budget} ms: ${Math.max(...ms) <= budget ? "met" : median(ms) <= budget ? "median met, worst not" : "NOT met"})` : ""}${baselineMs.length ? `  | baseline median ${fmt(median(baselineMs), 0)} ms, worst ${fmt(Math.max(...baselineMs), 0)}; ratio ${fmt(median(ms) / median(baselineMs), 2)}` : ""}`;
    console.log(`
JavaScript sent, gzipped as received (budget ${BUDGET.jsKiB} KiB):
  first page, sign-in (not signed in)   ${fmt(results.signInJsKiB)} KiB in ${signIn[0].js.length} files  ${results.signInJsKiB <= BUDGET.jsKiB ? "met" : "NOT met"}
  first page, overview (signed in)      ${fmt(results.overviewJsKiB)} KiB in ${overview[0].js.length} files (chart library included)  ${results.overviewJsKiB <= BUDGET.jsKiB ? "met" : "NOT met"}${results.baseline.overviewJsKiB === null ? "" : `  | baseline ${fmt(results.baseline.overviewJsKiB)} KiB`}
Cold loads (empty cache, navigation start → data on screen):
  ${line("sign-in page: form shown", results.signInMs, undefined, results.baseline.signInMs)}
  ${line("overview: numbers and chart shown (first page usable)", results.overviewMs, BUDGET.firstPageMs, results.baseline.overviewMs)}
With ${total.toLocaleString("en")} contexts in the database (seeded in ${fmt(seedMs / 1000)} s):
${results.pages.map((p) => `  ${line(`cold load, ${p.label}`, p.ms, BUDGET.contextsMs, p.baselineMs)}`).join("\n")}
  ${line("contexts page from the menu: first rows shown", results.contextsNavMs, BUDGET.contextsMs)}
  ${line("GET /v1/contexts?limit=25 (the page's request)", results.contextsApiMs)}
  ${line("GET /v1/agents?limit=25", results.agentsApiMs)}
  ${line(`GET /v1/agents/${SPANS.agent}/traces?limit=10`, results.tracesApiMs)}
load average at the end: ${loadAverage()}
`);
  } finally {
    await browser.close();
    await stack.close();
  }
}

lib.runBench(main);
