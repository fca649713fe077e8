// Test-only helpers, reached as `@ctxlog/core/testing` (index.ts does not export them, and the
// build leaves this file out).
import { createServer } from "node:net";

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
 * fixed sleep: a sleep is either too long or, on a loaded machine, too short.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  opts: WaitForOptions = {},
): Promise<T> {
  const timeout = opts.timeout ?? 10_000;
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
      throw new Error(`waitFor: ${what} not met within ${timeout} ms${cause}`, { cause: lastError });
    }
    await sleep(interval);
  }
}

/**
 * Lets time pass. Only for what must NOT happen within a while (a retry that must not come, a
 * lease that must run out); everything else waits for its condition with `waitFor`.
 */
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
