// bench:dashboard's BENCH_DASHBOARD_TRACE: where a cold load's time goes, from a Chromium trace
// (browser.startTracing). Prints the renderer's main thread by activity (self time, so nested work
// is counted once) up to the moment the page was usable, and each request's start and end.

/** Trace event names grouped as a reader thinks of them; anything else is "other". */
const ACTIVITY = {
  "compile JS": [
    "v8.compile",
    "v8.compileModule",
    "V8.CompileCode",
    "v8.produceModuleCache",
    "v8.parseOnBackground",
  ],
  "run JS": [
    "EvaluateScript",
    "v8.evaluateModule",
    "FunctionCall",
    "TimerFire",
    "FireAnimationFrame",
    "EventDispatch",
    "V8.Execute",
    "RunMicrotasks",
    "v8.run",
    "MajorGC",
    "MinorGC",
    "V8.GCScavenger",
    "V8.GCFinalizeMC",
    "V8.GC_MC_BACKGROUND_MARKING",
  ],
  "style and layout": [
    "UpdateLayoutTree",
    "Layout",
    "RecalculateStyles",
    "ParseAuthorStyleSheet",
    "InvalidateLayout",
  ],
  "paint and composite": [
    "Paint",
    "PrePaint",
    "Layerize",
    "UpdateLayer",
    "CompositeLayers",
    "Commit",
    "RasterTask",
  ],
  "HTML parse": ["ParseHTML"],
};
const activityOf = new Map(
  Object.entries(ACTIVITY).flatMap(([group, names]) => names.map((n) => [n, group])),
);

/** The renderer's main thread (CrRendererMain) of the page's process: the one with most events. */
function mainThread(events) {
  const names = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  let best = null;
  let bestCount = -1;
  for (const t of names) {
    const count = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === "X").length;
    if (count > bestCount) [best, bestCount] = [t, count];
  }
  return best && { pid: best.pid, tid: best.tid };
}

/**
 * Self time per activity on the main thread between the navigation's start and `untilMs` after it:
 * `{ totalMs, busyMs, byActivity: [[name, ms]], requests: [{ url, startMs, endMs }] }`.
 */
function summarizeTrace(trace, untilMs) {
  const events = trace.traceEvents ?? trace;
  const main = mainThread(events);
  if (!main) return null;
  // the page's navigation: the first of the outermost main frame in the trace (tracing starts on
  // about:blank). A cross-process navigation marks its start in the renderer it leaves.
  const nav = events
    .filter((e) => e.name === "navigationStart" && e.args?.data?.isOutermostMainFrame)
    .sort((a, b) => a.ts - b.ts)[0];
  const t0 = nav ? nav.ts : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const end = t0 + untilMs * 1000;
  const slices = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur > 0 && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // self time: a slice's duration less its children's (slices nest on one thread)
  const items = [];
  const stack = [];
  let busy = 0;
  for (const e of slices) {
    const stop = Math.min(e.ts + e.dur, end);
    while (stack.length && stack[stack.length - 1].stop <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const dur = stop - Math.max(e.ts, t0);
    if (dur <= 0) continue;
    if (parent) parent.children += dur;
    else busy += dur;
    const item = { e, stop, dur, children: 0 };
    stack.push(item);
    items.push(item);
  }
  const byActivity = new Map();
  for (const item of items) {
    const group =
      activityOf.get(item.e.name) ??
      (item.e.name === "RunTask" || item.e.name === "ThreadControllerImpl::RunTask"
        ? "task overhead"
        : "other");
    byActivity.set(group, (byActivity.get(group) ?? 0) + Math.max(0, item.dur - item.children) / 1000);
  }
  const sends = new Map();
  const requests = [];
  for (const e of events) {
    if (e.name === "ResourceSendRequest" && /^https?:/.test(e.args?.data?.url ?? ""))
      sends.set(e.args.data.requestId, e);
    if (e.name === "ResourceFinish" && sends.has(e.args?.data?.requestId)) {
      const s = sends.get(e.args.data.requestId);
      requests.push({ url: s.args.data.url, startMs: (s.ts - t0) / 1000, endMs: (e.ts - t0) / 1000 });
    }
  }
  return {
    totalMs: untilMs,
    busyMs: busy / 1000,
    byActivity: [...byActivity.entries()].sort((a, b) => b[1] - a[1]),
    requests: requests.sort((a, b) => a.startMs - b.startMs),
  };
}

/** The summary as lines for the bench's output. */
function formatTraceSummary(label, s, fmt) {
  if (!s) return `${label}: no renderer main thread in the trace`;
  const path = (url) => url.replace(/^https?:\/\/[^/]+/, "");
  return [
    `${label}: usable at ${fmt(s.totalMs, 0)} ms; main thread busy ${fmt(s.busyMs, 0)} ms of it`,
    ...s.byActivity.map(([name, ms]) => `    ${name.padEnd(22)} ${fmt(ms, 0).padStart(5)} ms`),
    "    requests (ms from navigation start: sent → finished):",
    ...s.requests.map(
      (r) => `      ${fmt(r.startMs, 0).padStart(5)} → ${fmt(r.endMs, 0).padStart(5)}  ${path(r.url)}`,
    ),
  ].join("\n");
}

module.exports = { summarizeTrace, formatTraceSummary };
