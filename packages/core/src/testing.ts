// Test-only helpers, reached as `@ctxlog/core/testing` (index.ts does not export them, and the
// build leaves this file out).
import { createServer } from "node:net";
import { availableParallelism, loadavg } from "node:os";

/** TEST_SLACK_SCALE: a further factor for a machine slower than the one these bases were set on. */
const SLACK_SCALE = Math.max(1, Number(process.env.TEST_SLACK_SCALE) || 1);

export interface WaitForOptions {
  /** Give up after this long (default 10 s). */
  timeout?: number;
  /** Poll this often (default 25 ms). */
  interval?: number;
  /** What is awaited, for the timeout message; a function is called at the timeout (for counts). */
  what?: string | (() => string | Promise<string>);
}

/**
 * Polls `condition` until it returns a value that is neither undefined, null nor false, and returns
 * that value. A condition that throws is retried as well (so `expect` can be used inside); at the
 * timeout the last error is reported. Tests wait for what they expect with this, never with a
 * fixed sleep: a sleep is either too long or, on a loaded machine, too short. The timeout is
 * stretched by the run queue per core when it is above 1 (and by TEST_SLACK_SCALE): it bounds a
 * wait, not how fast the machine is.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  opts: WaitForOptions = {},
): Promise<T> {
  const asked = opts.timeout ?? 10_000;
  const timeout = Math.round(asked * runQueuePerCore() * SLACK_SCALE);
  const interval = opts.interval ?? 25;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = typeof opts.what === "function" ? await opts.what() : (opts.what ?? "condition");
      const cause = lastError instanceof Error ? `: ${lastError.message}` : "";
      const stretched = timeout > asked ? ` (${timeout} ms at this load)` : "";
      throw new Error(`waitFor: ${what} not met within ${asked} ms${stretched}${cause}`, {
        cause: lastError,
      });
    }
    await sleep(interval);
  }
}

/**
 * Lets time pass. Only for what must NOT happen within a while (a retry that must not come, a
 * lease that must run out); everything else waits for its condition with `waitFor`.
 */
/**
 * How many times slower than at rest this machine runs now, never below 1: the higher of
 * - the run queue per core, `os.loadavg()`'s one-minute figure over `os.availableParallelism()`
 *   (two busy loops and two jest workers on 2 cores: about 2), and
 * - the inverse of the share of a core this process gets at this moment, sampled by spinning for
 *   5 ms of CPU time (the load average trails a load that has just started).
 * The spin's wall clock is `performance.now()`: under jest's fake timers it does not move, and the
 * sample is left out.
 */
export function loadFactor(): number {
  return Math.max(runQueuePerCore(), 1 / cpuShareNow());
}

/** `os.loadavg()`'s one-minute figure over the cores, never below 1 (cheap: no sample). */
function runQueuePerCore(): number {
  return Math.max(1, (loadavg()[0] ?? 0) / availableParallelism());
}

function cpuShareNow(cpuMs = 5): number {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let used = 0;
  // bounded by CPU time, which fake timers leave alone; the iteration cap is belt and braces
  for (let i = 0; i < 1e8 && used < cpuMs * 1_000; i++) {
    const d = process.cpuUsage(cpu0);
    used = d.user + d.system;
  }
  const wallMs = performance.now() - wall0;
  if (!(wallMs > 0)) return 1; // a faked clock: no sample
  return Math.min(1, used / 1_000 / wallMs);
}

/**
 * Slack for the one kind of wall-clock upper bound a test may assert: what the code under test is
 * configured to take (a timeout, a deadline, a retry delay) plus this. `baseMs` is the slack on a
 * machine at rest (set it for a machine twice as slow as this 2-core one); it is multiplied by
 * `loadFactor()` and by TEST_SLACK_SCALE when set. Call it at the assertion, so it sees the load of
 * the moment, not at module load:
 *
 *     expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + loadScaledSlackMs(1_200));
 *
 * Never bound how fast the machine does work: assert the lower bound and the outcome instead.
 */
export function loadScaledSlackMs(baseMs: number): number {
  return Math.round(baseMs * loadFactor() * SLACK_SCALE);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One scrape of a Prometheus /metrics endpoint, parsed. */
export interface Scrape {
  /** every metric family named by a `# TYPE` line, with its type */
  types: Map<string, string>;
  /** the value of one sample: `value("http_requests_total", { status: "500" })` sums the samples whose labels include those */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the Prometheus text format (what prom-client writes), enough for tests. */
export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type?.[1] && type[2]) types.set(type[1], type[2]);
    const sample = line.startsWith("#") ? null : SAMPLE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? "").matchAll(LABEL)) if (key) labels[key] = value ?? "";
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return {
    types,
    value(name, labels = {}) {
      const matching = samples.filter(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      );
      return matching.length === 0 ? undefined : matching.reduce((sum, s) => sum + s.value, 0);
    },
  };
}

/** GET `url` (a /metrics endpoint) and parse it. */
export async function scrapeMetrics(url: string): Promise<Scrape> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return parsePrometheusText(await res.text());
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago (the OS picked it), for a process a test
 * starts. A random port from a range collides with whatever else the machine runs.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
