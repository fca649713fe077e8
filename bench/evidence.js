#!/usr/bin/env node
// bench:evidence — one agent's log of N entries (default 100,000) written through the real stack
// as bench:audit writes it (anvil with 1 s blocks, the API, the chain worker at its production
// BATCH_MAX, the bench corpus POSTed 500 a request), every entry confirmed,
// then one evidence pack of all of it: GET /v1/agents/:agent_id/evidence streamed to a file, and
// verified offline by `ctxlog verify-pack <file> --json` (TypeScript) and `python -m ctxlog
// verify-pack <file> --json` (Python, when clients/python has the command), each as a child process.
// Prints: the pack's download time and size; the API's RSS growth while it streams the pack
// (VmRSS of the API process from /proc, every 20 ms, against its RSS just before the request,
// after a warm-up pack of the log's first entries has loaded and compiled the route's code);
// per verifier the verdict, wall seconds, entries/s, CPU seconds and peak RSS.
// Target (issue 42): API RSS growth ≤ 64 MiB while streaming a pack of 100,000 entries.
// For comparison, the same TypeScript checks over the files held in memory (readPackZip, as
// verifyPack was fed before it streamed): its peak RSS is what streaming saves.
// Knobs: --entries N or BENCH_EVIDENCE_ENTRIES (100000), BENCH_EVIDENCE_BATCH_MAX (the chain
// worker's BATCH_MAX; unset: its production default, 4096), BENCH_EVIDENCE_CONNECTIONS (4),
// BENCH_EVIDENCE_PYTHON (the interpreter, /usr/bin/python3; "off" skips Python),
// BENCH_EVIDENCE_PYTHONPATH (clients/python/src), BENCH_EVIDENCE_ANALYZE (1; 0 leaves the contexts
// table's statistics to autovacuum: see the ANALYZE below).
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { pipeline } = require("node:stream/promises");
const lib = require("./lib");
const { writeAgentLog } = require("./seed-agent-log");

const argIndex = process.argv.indexOf("--entries");
const ENTRIES = Number(
  argIndex > 0 ? process.argv[argIndex + 1] : (process.env.BENCH_EVIDENCE_ENTRIES ?? 100_000),
);
const BATCH_MAX = process.env.BENCH_EVIDENCE_BATCH_MAX; // undefined: the worker's default
const PACED = Number(BATCH_MAX ?? 4096); // entries written between waits (bench/seed-agent-log.js)
const CONNECTIONS = Number(process.env.BENCH_EVIDENCE_CONNECTIONS ?? 4);
const PYTHON = process.env.BENCH_EVIDENCE_PYTHON ?? "/usr/bin/python3";
const PYTHONPATH = process.env.BENCH_EVIDENCE_PYTHONPATH ?? path.join(lib.root, "clients/python/src");
// As bench:audit: the chain worker marks thousands of contexts in one statement, which on a loaded
// machine may outlast the default 15 s statement timeout. The bench measures the pack: it lets them finish.
const SLOW_STATEMENTS = { PG_STATEMENT_TIMEOUT_MS: "300000", PG_QUERY_TIMEOUT_MS: "330000" };
const ANALYZE = process.env.BENCH_EVIDENCE_ANALYZE !== "0";
const AGENT = "bench-evidence-agent";
const TARGET_RSS_MIB = 64;
const MiB = 2 ** 20;

const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

/** GET the pack of [from, to) into `file`, sampling the API's RSS meanwhile. */
async function downloadPack(stack, from, to, file) {
  const baseline = rssOf(stack.apiPid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(stack.apiPid));
  }, 20);
  const started = performance.now();
  try {
    const query = new URLSearchParams({ from, to });
    const res = await fetch(`http://127.0.0.1:${stack.apiPort}/v1/agents/${AGENT}/evidence?${query}`, {
      headers: { authorization: `Bearer ${stack.key}` },
    });
    if (!res.ok) throw new Error(`evidence: HTTP ${res.status} ${await res.text()}`);
    await pipeline(res.body, fs.createWriteStream(file));
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(stack.apiPid));
  return { seconds: (performance.now() - started) / 1000, bytes: fs.statSync(file).size, baseline, peak };
}

// Each verifier writes its CPU time and peak RSS to fd 3 as it exits. The peak is VmHWM of
// /proc/self/status, which starts again at exec: getrusage's maxrss keeps the forked parent's (this
// bench's) RSS, which made a 41 MiB Python run read 99 MiB.
// preloaded (-r) into the TypeScript verifier:
const NODE_USAGE = `process.on("exit", () => {
  const fs = require("node:fs");
  const u = process.resourceUsage();
  const hwm = Number(/VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1]);
  fs.writeSync(3, JSON.stringify({ userCPUTime: u.userCPUTime, systemCPUTime: u.systemCPUTime, maxRSS: hwm }));
});\n`;
// the Python verifier run the same way: `python -m ctxlog …` with the wrapper below
const PYTHON_USAGE = [
  "import atexit, json, os, re, resource, runpy, sys",
  "def report():",
  "    u = resource.getrusage(resource.RUSAGE_SELF)",
  "    hwm = int(re.search(r'VmHWM:\\s+(\\d+) kB', open('/proc/self/status').read()).group(1))",
  "    os.write(3, json.dumps({'userCPUTime': u.ru_utime * 1e6, 'systemCPUTime': u.ru_stime * 1e6, 'maxRSS': hwm}).encode())",
  "atexit.register(report)",
  "sys.argv = ['ctxlog'] + sys.argv[1:]",
  "runpy.run_module('ctxlog', run_name='__main__', alter_sys=True)",
].join("\n");

/** A verifier as a child process: its exit code, stdout, wall seconds and resource usage. */
function runVerifier(command, args, env = {}) {
  const started = performance.now();
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const read = (stream) =>
    new Promise((resolve) => {
      let text = "";
      stream
        .setEncoding("utf8")
        .on("data", (c) => {
          text += c;
        })
        .on("end", () => resolve(text));
    });
  const outputs = Promise.all([read(child.stdout), read(child.stderr), read(child.stdio[3])]);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", async (code) => {
      const seconds = (performance.now() - started) / 1000;
      const [stdout, stderr, usage] = await outputs;
      let u = null;
      try {
        u = JSON.parse(usage);
      } catch {}
      resolve({
        code,
        stdout,
        stderr,
        seconds,
        cpuSeconds: u ? (u.userCPUTime + u.systemCPUTime) / 1e6 : null,
        maxRssKiB: u ? u.maxRSS : null,
      });
    });
  });
}

function verifyTypeScript(file, dir) {
  const preload = path.join(dir, "report-usage.js");
  fs.writeFileSync(preload, NODE_USAGE);
  const bin = path.join(lib.root, "packages/sdk/bin/ctxlog.js");
  return runVerifier(process.execPath, ["-r", preload, bin, "verify-pack", file, "--json"]);
}

// the checks over readPackZip's files, all in memory: how verifyPack was fed before it streamed
const IN_MEMORY = [
  `const { readFileSync } = require("node:fs");`,
  `const { readPackZip, verifyPack } = require(${JSON.stringify(path.join(lib.root, "packages/sdk/dist"))});`,
  "verifyPack(readPackZip(readFileSync(process.argv[1]))).then((r) => process.stdout.write(JSON.stringify(r)));",
].join("\n");

function verifyInMemory(file, dir) {
  return runVerifier(process.execPath, ["-r", path.join(dir, "report-usage.js"), "-e", IN_MEMORY, file]);
}

function verifyPython(file) {
  return runVerifier(PYTHON, ["-c", PYTHON_USAGE, "verify-pack", file, "--json"], {
    PYTHONPATH,
  });
}

/** One verifier's line; its result, or null when its output is no verify-pack result. */
function report(name, run) {
  let result = null;
  try {
    result = JSON.parse(run.stdout);
  } catch {}
  if (!result || typeof result.verdict !== "string") return null;
  const perSecond = ENTRIES / run.seconds;
  console.log(
    `${name}: ${result.verdict} (exit ${run.code}), ${ENTRIES} entries in ${lib.fmt(run.seconds, 2)} s = ` +
      `${lib.fmt(perSecond, 0)} entries/s wall` +
      (run.cpuSeconds === null
        ? ""
        : ` · CPU ${lib.fmt(run.cpuSeconds, 2)} s = ${lib.fmt(ENTRIES / run.cpuSeconds, 0)} entries per CPU second` +
          ` · peak RSS ${lib.fmt(run.maxRssKiB / 1024, 1)} MiB`) +
      (result.failure ? ` · failure: ${JSON.stringify(result.failure)}` : ""),
  );
  return result;
}

async function main() {
  console.log(
    `bench:evidence — ${new Date().toISOString().slice(0, 10)}, node ${process.version}: one pack of ${ENTRIES} entries of one agent, ` +
      `BATCH_MAX=${BATCH_MAX ?? "4096 (default)"}, anvil 1 s blocks, 3 confirmations; load average ${os
        .loadavg()
        .map((l) => lib.fmt(l, 2))
        .join(" ")}`,
  );
  console.log(lib.payloadNote());
  const stack = await lib.startChainStack("ctxlog_bench_evidence", {
    ...(BATCH_MAX ? { BATCH_MAX } : {}),
    ...SLOW_STATEMENTS,
  });
  console.log(lib.settingsNote({ api: stack.env, "chain worker": stack.env }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ctxlog-bench-evidence-"));
  const file = path.join(dir, "pack.zip");
  try {
    // the period: from a second before the first entry to a second after the last (ISO, ms)
    const from = new Date(Date.now() - 1_000).toISOString();
    const t0 = Date.now();
    // the first entries alone, so that the warm-up pack below has a period of its own
    const warmEntries = Math.max(1, Math.min(PACED, Math.floor(ENTRIES / 10)));
    const seed = { agent: AGENT, batchMax: PACED, connections: CONNECTIONS };
    await writeAgentLog(stack, { ...seed, entries: warmEntries });
    await new Promise((r) => setTimeout(r, 5)); // receipt times are in ms: `warmTo` after the last
    const warmTo = new Date().toISOString();
    await writeAgentLog(stack, { ...seed, from: warmEntries, entries: ENTRIES - warmEntries });
    const posted = Date.now() - t0;
    await lib.waitForConfirmed(stack.db, ENTRIES);
    const to = new Date(Date.now() + 1_000).toISOString();
    const transactions = await stack.db.anchorTransaction.count();
    console.log(
      `log written in ${lib.fmt(posted / 1000, 1)} s, confirmed after ${lib.fmt((Date.now() - t0) / 1000, 1)} s, ` +
        `${transactions} anchor transactions`,
    );
    await new Promise((r) => setTimeout(r, 1_000)); // `to` is past: every entry of the period is in
    if (ANALYZE) {
      // The pack's page query (packages/db agentEntriesPage) joins each page's bound to the rows
      // after it; on a table of 100,000 fresh rows whose statistics say 1 row (autovacuum had not
      // analyzed it yet on a loaded machine) the planner rescans that bound once per row after the
      // page: minutes a page. The statistics autovacuum would gather, gathered now.
      const t = Date.now();
      await stack.db.$executeRawUnsafe("ANALYZE contexts");
      console.log(
        `ANALYZE contexts after writing the log (${Date.now() - t} ms): BENCH_EVIDENCE_ANALYZE=0 skips it`,
      );
    }

    const cold = rssOf(stack.apiPid);
    const warm = await downloadPack(stack, from, warmTo, path.join(dir, "warm-up.zip"));
    await new Promise((r) => setTimeout(r, 1_000)); // the warm-up's garbage, collected if V8 will
    console.log(
      `warm-up pack of the first ${warmEntries} entries: ${lib.fmt(warm.bytes / MiB, 1)} MiB in ${lib.fmt(warm.seconds, 2)} s; ` +
        `API RSS ${lib.fmt(cold / MiB, 1)} MiB before it (after writing the log), peak ${lib.fmt(warm.peak / MiB, 1)} MiB`,
    );
    const pack = await downloadPack(stack, from, to, file);
    const growth = (pack.peak - pack.baseline) / MiB;
    console.log(
      `pack: ${lib.fmt(pack.bytes / MiB, 1)} MiB (zip) downloaded in ${lib.fmt(pack.seconds, 2)} s = ` +
        `${lib.fmt(ENTRIES / pack.seconds, 0)} entries/s, ${lib.fmt(pack.bytes / MiB / pack.seconds, 1)} MiB/s · ` +
        `API RSS ${lib.fmt(pack.baseline / MiB, 1)} MiB before, peak ${lib.fmt(pack.peak / MiB, 1)} MiB: ` +
        `growth ${lib.fmt(growth, 1)} MiB (target ≤ ${TARGET_RSS_MIB}: ${growth <= TARGET_RSS_MIB ? "met" : "NOT met"})`,
    );

    const ts = report("verify-pack, TypeScript (npx ctxlog verify-pack)", await verifyTypeScript(file, dir));
    if (!ts) throw new Error("ctxlog verify-pack gave no JSON result");
    if (ts.verdict !== "verified" || ts.entries !== ENTRIES) process.exitCode = 1;
    const held = report(
      "for comparison, the same checks over readPackZip's files in memory",
      await verifyInMemory(file, dir),
    );
    if (held?.verdict !== ts.verdict) process.exitCode = 1;

    if (PYTHON === "off") {
      console.log("verify-pack, Python: not available (BENCH_EVIDENCE_PYTHON=off)");
    } else {
      // no interpreter at all (spawn's ENOENT) is "not available" too, not a failed bench
      const run = await verifyPython(file).catch((error) => ({
        code: null,
        stdout: "",
        stderr: error.message,
      }));
      const py = report("verify-pack, Python (python -m ctxlog verify-pack)", run);
      if (!py) {
        // the hook: clients/python without the command yet (or no interpreter) is reported, not failed
        const said = `${run.stderr}\n${run.stdout}`.trim().split("\n").slice(0, 2).join(" ").slice(0, 200);
        console.log(
          `verify-pack, Python: not available (${PYTHON} -m ctxlog verify-pack exited ${run.code}: ${said})`,
        );
      } else if (py.verdict !== ts.verdict) {
        console.log(`verify-pack, Python: DISAGREES with TypeScript (${py.verdict} against ${ts.verdict})`);
        process.exitCode = 1;
      }
    }
    console.log(
      `summary: ${ENTRIES} entries, pack ${lib.fmt(pack.bytes / MiB, 1)} MiB in ${lib.fmt(pack.seconds, 2)} s, ` +
        `API RSS growth ${lib.fmt(growth, 1)} MiB (target ≤ ${TARGET_RSS_MIB}); load average after ${os
          .loadavg()
          .map((l) => lib.fmt(l, 2))
          .join(" ")}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
