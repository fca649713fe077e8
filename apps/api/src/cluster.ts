import cluster, { type Worker } from "node:cluster";
import { handleShutdown } from "@ctxlog/runtime";
import type { Logger } from "pino";
import { AggregatorRegistry, type PrometheusContentType, type Registry } from "prom-client";

/**
 * API_PROCESSES > 1: one primary that only supervises, and that many identical API processes
 * sharing the listening socket (node:cluster). Node runs JavaScript on one core, so on a machine
 * with several this is how one host serves more requests per second; everything the processes
 * share lives in PostgreSQL and Redis (rate limits, the work list), and key revocations reach each
 * process's auth cache over Redis pub/sub. The processes share the ops port (OPS_PORT) the same
 * way; scraping /metrics there answers the sum over all of them, gathered by the primary.
 */

const METRICS_REQUEST = "ctxlog:cluster-metrics-request";
const METRICS_RESPONSE = "ctxlog:cluster-metrics-response";
const LISTENING = "ctxlog:cluster-listening";
const RESTART_DELAY_MS = 1_000;
const QUICK_EXIT_MS = 5_000;
const MAX_QUICK_EXITS = 5;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}
interface MetricsResponse {
  type: typeof METRICS_RESPONSE;
  id: number;
  text?: string;
  error?: string;
}

export const isClusterWorker = () => cluster.isWorker;

/** In an API process: tells the primary that its public port is bound (its start succeeded). */
export function reportListening(): void {
  if (cluster.isWorker) process.send?.({ type: LISTENING });
}

/**
 * The primary: forks `count` API processes, replaces one that dies, stops them all on a signal.
 * The processes share nothing but PostgreSQL and Redis: any of them writes any agent log.
 */
export function runPrimary(count: number, logger: Logger): void {
  const aggregator = new AggregatorRegistry<PrometheusContentType>();
  let stopping = false;
  let allStopped = () => {};

  // A process that dies before it listens, or within seconds of its start, again and again (a
  // broken host or config the primary cannot see), stops the primary instead of spinning: its
  // supervisor takes over. "Before it listens" too, because on a loaded host a start alone can
  // take longer than QUICK_EXIT_MS, and a process that never served is a failed start whatever
  // its age.
  const quickExits: number[] = [];
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  const fork = () => {
    // a restart still pending when SIGTERM came would start a process nobody stops
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message: MetricsRequest | { type: typeof LISTENING }) => {
      if (message?.type === METRICS_REQUEST) answerMetrics(worker, message.id, aggregator);
      else if (message?.type === LISTENING) listening.add(worker.id);
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) allStopped();
      return;
    }
    // A crashed process is replaced; its in-flight requests failed, its committed rows are safe.
    const now = Date.now();
    const quick = !listening.has(worker.id) || now - (startedAt.get(worker.id) ?? 0) < QUICK_EXIT_MS;
    if (quick) quickExits.push(now);
    startedAt.delete(worker.id);
    listening.delete(worker.id);
    if (quickExits.filter((t) => now - t < 60_000).length >= MAX_QUICK_EXITS) {
      logger.fatal({ code, signal }, "API processes keep exiting right after they start; giving up");
      logger.flush();
      process.exit(1);
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, "API process exited; starting another");
    // not unref'd: with no process left it is all that keeps us up
    setTimeout(fork, RESTART_DELAY_MS);
  });
  for (let i = 0; i < count; i++) fork();
  logger.info({ processes: count }, "ctxlog api primary supervising");

  // Each process gets its own 10 s to stop; the primary waits a little longer for the last one.
  handleShutdown({
    logger,
    timeoutMs: 12_000,
    message: "shutting down the API processes",
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        allStopped = () => {
          logger.info("all API processes stopped");
          resolve();
        };
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
      }),
  });
}

function answerMetrics(worker: Worker, id: number, aggregator: AggregatorRegistry<PrometheusContentType>) {
  const reply = (response: Omit<MetricsResponse, "type" | "id">) => {
    if (worker.isConnected()) worker.send({ type: METRICS_RESPONSE, id, ...response });
  };
  aggregator.clusterMetrics().then(
    (text) => reply({ text }),
    (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
  );
}

/**
 * In an API process: lets the primary collect this process's registry, and returns a function
 * that asks the primary for the metrics of every process.
 */
export function clusterMetricsSource(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry(); // installs prom-client's worker-side listener
  let nextId = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  process.on("message", (message: MetricsResponse) => {
    if (message?.type !== METRICS_RESPONSE) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.text !== undefined) pending.resolve(message.text);
    else pending.reject(new Error(`cluster metrics: ${message.error ?? "no answer"}`));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("cluster metrics: the primary did not answer within 6 s"));
      }, 6_000);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      process.send?.({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
    });
}
