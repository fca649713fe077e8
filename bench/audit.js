#!/usr/bin/env node
// bench:audit — one agent's log of N entries (default 100,000) written through the real stack
// (anvil with 1 s blocks, the API, the chain worker with a BATCH_MAX of several thousand, so few
// anchor transactions; contexts POSTed through POST /v1/contexts/batch, 500 a request), every
// entry confirmed, exported through GET /v1/agents/:agent_id/export to an NDJSON file, then
// audited by `npx ctxlog audit <file> --json` as a child process: once over the whole log and once
// over its first 10,000 entries (--to 10000), so that the peak memory of the two can be compared
// (an audit that streams has about the same peak at both sizes).
// Prints per audit: entries, wall seconds, entries/s, CPU seconds of the audit process (user +
// system, from its own process.resourceUsage(): on a shared machine entries per CPU second is the
// steadier figure), and its peak RSS (maxRSS).
// Target: ≥ 5,000 entries/s; peak RSS at N ≈ at 10,000.
// Knobs: BENCH_AUDIT_ENTRIES (100000), BENCH_AUDIT_PREFIX (10000; 0 skips that run),
// BENCH_AUDIT_BATCH_MAX (the chain worker's BATCH_MAX, 2000), BENCH_AUDIT_CONNECTIONS (4),
// BENCH_AUDIT_EXEC_ARGV (node flags of the audit process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { pipeline } = require("node:stream/promises");
const { Pool } = require("undici");
const lib = require("./lib");

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 100_000);
const PREFIX = Number(process.env.BENCH_AUDIT_PREFIX ?? 10_000);
const BATCH_MAX = process.env.BENCH_AUDIT_BATCH_MAX ?? "2000";
const CONNECTIONS = Number(process.env.BENCH_AUDIT_CONNECTIONS ?? 4);
const AUDIT_EXEC_ARGV = (process.env.BENCH_AUDIT_EXEC_ARGV ?? "").split(" ").filter(Boolean);
const BATCH = 500;
// The chain worker marks thousands of contexts in one statement here: on a loaded machine that
// may outlast the default 15 s statement timeout. The bench measures the audit: it lets them finish.
const SLOW_STATEMENTS = { PG_STATEMENT_TIMEOUT_MS: "300000", PG_QUERY_TIMEOUT_MS: "330000" };
const AGENT = "bench-audit-agent";

/** Entry i of the log: context i of the bench corpus (BENCH_PAYLOAD another payload). */
const item = (i) => lib.payloadContext(i, AGENT);

/** POSTs `count` entries from `first` on, in 500-item batches over a few connections. */
async function postEntries(pool, key, first, count) {
  const batches = Math.ceil(count / BATCH);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < batches) {
        const from = first + next++ * BATCH;
        const size = Math.min(BATCH, first + count - from);
        const contexts = Array.from({ length: size }, (_, k) => item(from + k));
        const res = await pool.request({
          path: "/v1/contexts/batch",
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ contexts }),
        });
        const text = await res.body.text();
        if (res.statusCode !== 202) throw new Error(`batch POST ${res.statusCode}: ${text.slice(0, 200)}`);
      }
    }),
  );
}

/**
 * Writes the log one anchor's worth (BATCH_MAX entries) at a time, each sent before the next is
 * POSTed: the chain worker announces every context of the anchors it sends in one database
 * transaction, and tens of thousands of them at once outlast that transaction's time limit on a
 * loaded machine (the worker then retries forever). Paced, each anchor holds BATCH_MAX entries.
 */
async function writeLog(stack) {
  const pool = new Pool(`http://127.0.0.1:${stack.apiPort}`, { connections: CONNECTIONS });
  const chunk = Number(BATCH_MAX);
  for (let first = 0; first < ENTRIES; first += chunk) {
    await postEntries(pool, stack.key, first, Math.min(chunk, ENTRIES - first));
    const deadline = Date.now() + 300_000;
    // sent: out of the queue (confirmed or failed), or in a batch whose transaction is out (a
    // batch in flight holds its contexts by its context_ids)
    const unsent = async () =>
      Number(
        (
          await stack.db.$queryRawUnsafe(
            `SELECT count(*) AS n FROM pending_contexts
              WHERE id NOT IN (SELECT unnest(context_ids) FROM anchors WHERE sent_at IS NOT NULL)`,
          )
        )[0].n,
      );
    while ((await unsent()) > 0) {
      if (Date.now() > deadline) throw new Error(`entries from ${first + 1} were not sent in 5 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await pool.close();
}

/** GET /v1/agents/:agent_id/export, streamed to `file`. */
async function exportLog(stack, file) {
  const res = await fetch(`http://127.0.0.1:${stack.apiPort}/v1/agents/${AGENT}/export`, {
    headers: { authorization: `Bearer ${stack.key}` },
  });
  if (!res.ok) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
  await pipeline(res.body, fs.createWriteStream(file));
}

// preloaded (-r) into the audit process: its own resource usage at exit (maxRSS in KiB, CPU in µs),
// on file descriptor 3; nothing else is loaded into it, so its peak memory is the CLI's
const REPORT_USAGE = `process.on("exit", () => require("node:fs").writeSync(3, JSON.stringify(process.resourceUsage())));\n`;

/** `ctxlog audit <file> --json` as a child process: its result, wall time and resource usage. */
function audit(file, rpcUrl, extraArgs = []) {
  const bin = path.join(lib.root, "packages/sdk/bin/ctxlog.js");
  const preload = path.join(path.dirname(file), "report-usage.js");
  fs.writeFileSync(preload, REPORT_USAGE);
  const args = [...AUDIT_EXEC_ARGV, "-r", preload, bin, "audit", file, "--rpc-url", rpcUrl, "--json"];
  const started = performance.now();
  const child = spawn(process.execPath, [...args, ...extraArgs], {
    stdio: ["ignore", "pipe", "inherit", "pipe"],
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
  const outputs = Promise.all([read(child.stdout), read(child.stdio[3])]);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", async (code) => {
      const seconds = (performance.now() - started) / 1000;
      const [stdout, usage] = await outputs;
      let result;
      try {
        result = JSON.parse(stdout);
      } catch {
        return reject(
          new Error(`ctxlog audit exited ${code} without a JSON result: ${stdout.slice(0, 500)}`),
        );
      }
      const u = JSON.parse(usage);
      resolve({
        code,
        result,
        seconds,
        cpuSeconds: (u.userCPUTime + u.systemCPUTime) / 1e6,
        maxRssKiB: u.maxRSS,
      });
    });
  });
}

/** One audit's line; `fixed` (the audit of one entry: start-up, RPC reads) is taken off per entry. */
function report(name, run, fixed) {
  const { result } = run;
  const perSecond = result.entries / run.seconds;
  const perEntry = fixed
    ? ((run.cpuSeconds - fixed.cpuSeconds) * 1e6) / Math.max(1, result.entries - fixed.result.entries)
    : undefined;
  console.log(
    `${name}: ${result.entries} entr${result.entries === 1 ? "y" : "ies"} in ${lib.fmt(run.seconds, 2)} s = ${lib.fmt(perSecond, 0)} entries/s wall` +
      ` (the audit's own elapsed_ms ${result.elapsed_ms}) · CPU ${lib.fmt(run.cpuSeconds, 2)} s` +
      (perEntry === undefined ? "" : `, ${lib.fmt(perEntry, 0)} µs/entry beyond the fixed cost`) +
      ` · peak RSS ${lib.fmt(run.maxRssKiB / 1024, 1)} MiB · exit ${run.code}, ` +
      (result.complete ? "complete" : `INCOMPLETE: ${result.summary}`),
  );
  return { perSecond, perEntry };
}

async function main() {
  console.log(
    `bench:audit — ${new Date().toISOString().slice(0, 10)}, node ${process.version}: ${ENTRIES} entries of one agent, ` +
      `BATCH_MAX=${BATCH_MAX}, anvil 1 s blocks, 3 confirmations`,
  );
  console.log(lib.payloadNote());
  const stack = await lib.startChainStack("ctxlog_bench_audit", { BATCH_MAX, ...SLOW_STATEMENTS });
  console.log(lib.settingsNote({ api: stack.env, "chain worker": stack.env }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ctxlog-bench-audit-"));
  const file = path.join(dir, "export.ndjson");
  try {
    const t0 = Date.now();
    await writeLog(stack);
    const posted = Date.now() - t0;
    await lib.waitForConfirmed(stack.db, ENTRIES);
    const transactions = await stack.db.anchorTransaction.count();
    console.log(
      `log written in ${lib.fmt(posted / 1000, 1)} s, confirmed after ${lib.fmt((Date.now() - t0) / 1000, 1)} s, ` +
        `${transactions} anchor transactions`,
    );
    const t1 = Date.now();
    await exportLog(stack, file);
    console.log(
      `exported in ${lib.fmt((Date.now() - t1) / 1000, 1)} s: ${lib.fmt(fs.statSync(file).size / 2 ** 20, 1)} MiB of NDJSON`,
    );
    const fixed = await audit(file, stack.rpcUrl, ["--to", "1"]);
    report("audit --to 1 (the fixed cost)", fixed);
    const full = await audit(file, stack.rpcUrl);
    const { perSecond, perEntry } = report(`audit of all ${ENTRIES}`, full, fixed);
    if (PREFIX > 0 && PREFIX < ENTRIES) {
      const prefix = await audit(file, stack.rpcUrl, ["--to", String(PREFIX)]);
      report(`audit --to ${PREFIX}`, prefix, fixed);
      console.log(
        `peak RSS at ${ENTRIES} / at ${PREFIX} = ${lib.fmt(full.maxRssKiB / prefix.maxRssKiB, 2)} (bounded memory: ≈ 1)`,
      );
    }
    const perCpuSecond = full.result.entries / full.cpuSeconds;
    console.log(
      `target ≥ 5,000 entries/s: wall ${lib.fmt(perSecond, 0)} (${perSecond >= 5_000 ? "met" : "NOT met"}); ` +
        `per CPU second of the audit process ${lib.fmt(perCpuSecond, 0)} (${perCpuSecond >= 5_000 ? "met" : "NOT met"}; ` +
        `${lib.fmt(1e6 / perEntry, 0)} beyond the fixed cost)`,
    );
    if (!full.result.complete || !fixed.result.complete) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
