// Test-only (reached through `@ctxlog/jobs/testing`): a Redis Cluster, or a master behind a
// sentinel, of its own for a suite or a bench, so nothing depends on servers someone else started.
// Debian's redis-server 7.0 is enough.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RedisNode } from "@ctxlog/core";
import { freePort } from "@ctxlog/core/testing";
import { Redis } from "ioredis";

export interface LocalRedisCluster {
  /** the masters, each serving a third (with three) of the 16,384 slots */
  nodes: RedisNode[];
  /** REDIS_CLUSTER_NODES for the apps: `127.0.0.1:7001,127.0.0.1:7002,…` */
  nodesEnv: string;
  /** a REDIS_URL the apps still need beside the nodes (its credentials would apply to every node) */
  url: string;
  /**
   * Errors the masters answered so far, by error code, summed over the masters (INFO errorstats):
   * `CROSSSLOT` counts every script, transaction or command that named keys of two slots.
   */
  errorCounts(): Promise<Record<string, number>>;
  /** keys held by each master (DBSIZE), in `nodes` order */
  keyCounts(): Promise<number[]>;
  /** stops the servers and removes their directory */
  stop(): Promise<void>;
}

// from PATH: Debian's redis-server package installs both
const REDIS_SERVER = "redis-server";
const REDIS_CLI = "redis-cli";

function run(file: string, args: string[], timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${file} ${args.join(" ")}: ${err.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** A server that exited before it listened: waiting longer is pointless. */
class ExitedEarly extends Error {}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = await check().catch((error: unknown) => {
      if (error instanceof ExitedEarly) throw error;
      return false;
    });
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** true once something listens on the port (a raw TCP probe: see onNode) */
function listening(node: RedisNode): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(node.port, node.host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * A command on a connection of its own. Only once the server listens: ioredis, refused a
 * connection, leaves something pending that keeps the process alive for seconds (jest then warns
 * that it did not exit).
 */
async function onNode<T>(node: RedisNode, fn: (redis: Redis) => Promise<T>): Promise<T> {
  if (!(await listening(node))) throw new Error(`nothing listens on ${node.host}:${node.port}`);
  const redis = new Redis({ ...node, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1_000 });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return await fn(redis);
  } finally {
    redis.disconnect();
  }
}

/**
 * One redis-server in cluster mode on free ports, resolved once it answers PING. A port found free
 * can be taken by another process before the server binds it (several suites start servers at
 * once): a server that exits before it listens is started again on other ports, up to five times.
 */
async function spawnClusterNode(dir: string): Promise<{ child: ChildProcess; node: RedisNode }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const busPort = await freePort();
    const child = spawn(
      REDIS_SERVER,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--cluster-enabled",
        "yes",
        "--cluster-port",
        String(busPort),
        "--cluster-config-file",
        path.join(dir, `nodes-${port}.conf`),
        "--cluster-node-timeout",
        "5000",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
        "--logfile",
        path.join(dir, `redis-${port}.log`),
      ],
      { stdio: "ignore" },
    );
    const node = { host: "127.0.0.1", port };
    try {
      await waitFor(async () => {
        if (child.exitCode !== null) throw new ExitedEarly();
        return onNode(node, async (r) => (await r.ping()) === "PONG");
      }, `redis-server on ${port}`);
      return { child, node };
    } catch (error) {
      if (child.exitCode === null) child.kill("SIGKILL");
      if (!(error instanceof ExitedEarly) || attempt >= 5) throw error;
    }
  }
}

/**
 * Starts `masters` (≥ 3, as `redis-cli --cluster create` requires) redis-server processes in
 * cluster mode on free ports (client and bus port both chosen, `cluster-port`), in a temporary
 * directory, without persistence, and joins them with `redis-cli --cluster create
 * --cluster-replicas 0`. Resolves once every master reports cluster_state:ok.
 */
export async function startRedisCluster(opts: { masters?: number } = {}): Promise<LocalRedisCluster> {
  const masters = opts.masters ?? 3;
  const dir = await mkdtemp(path.join(tmpdir(), "ctxlog-redis-cluster-"));
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  };
  // a test run that dies must not leave servers behind
  process.once("exit", killAll);
  const nodes: RedisNode[] = [];
  try {
    for (let i = 0; i < masters; i++) {
      const { child, node } = await spawnClusterNode(dir);
      children.push(child);
      nodes.push(node);
    }
    await run(REDIS_CLI, [
      "--cluster",
      "create",
      ...nodes.map((n) => `${n.host}:${n.port}`),
      "--cluster-replicas",
      "0",
      "--cluster-yes",
    ]);
    for (const node of nodes) {
      await waitFor(
        () => onNode(node, async (r) => /cluster_state:ok/.test(await r.cluster("INFO"))),
        `cluster_state:ok on ${node.port}`,
      );
    }
    // the set-up's own errors (redis-cli's probes) are not the suite's
    for (const node of nodes) await onNode(node, (r) => r.config("RESETSTAT"));
  } catch (error) {
    killAll();
    process.off("exit", killAll);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    nodes,
    nodesEnv: nodes.map((n) => `${n.host}:${n.port}`).join(","),
    url: `redis://${nodes[0]?.host}:${nodes[0]?.port}`,
    async errorCounts() {
      const counts: Record<string, number> = {};
      for (const node of nodes) {
        const info = await onNode(node, (r) => r.info("errorstats"));
        for (const [, code, n] of info.matchAll(/^errorstat_([A-Z_-]+):count=(\d+)/gm)) {
          counts[code as string] = (counts[code as string] ?? 0) + Number(n);
        }
      }
      return counts;
    },
    async keyCounts() {
      return Promise.all(nodes.map((node) => onNode(node, (r) => r.dbsize())));
    },
    async stop() {
      await Promise.all(children.map((child) => stopChild(child)));
      process.off("exit", killAll);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface LocalRedisSentinel {
  /** the sentinel, watching the master as `name` */
  sentinels: RedisNode[];
  name: string;
  /** the master itself (what the sentinel names) */
  master: RedisNode;
  stop(): Promise<void>;
}

/**
 * One master and one sentinel watching it as `ctxlog-test` (quorum 1), on free ports in a temporary
 * directory, without persistence: enough to check that a client finds the master through the
 * sentinel. Resolves once the sentinel names the master.
 */
export async function startRedisSentinel(): Promise<LocalRedisSentinel> {
  const dir = await mkdtemp(path.join(tmpdir(), "ctxlog-redis-sentinel-"));
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const name = "ctxlog-test";
  const master = { host: "127.0.0.1", port: await freePort() };
  const sentinel = { host: "127.0.0.1", port: await freePort() };
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    process.off("exit", killAll);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    children.push(
      spawn(
        REDIS_SERVER,
        ["--port", String(master.port), "--bind", "127.0.0.1", "--save", "", "--dir", dir],
        {
          stdio: "ignore",
        },
      ),
    );
    await waitFor(() => onNode(master, async (r) => (await r.ping()) === "PONG"), "the sentinel's master");
    // a sentinel rewrites its configuration file: it must be a file of its own
    const conf = path.join(dir, "sentinel.conf");
    await writeFile(
      conf,
      [
        `port ${sentinel.port}`,
        "bind 127.0.0.1",
        `dir ${dir}`,
        `sentinel monitor ${name} ${master.host} ${master.port} 1`,
        "",
      ].join("\n"),
    );
    children.push(spawn(REDIS_SERVER, [conf, "--sentinel"], { stdio: "ignore" }));
    await waitFor(
      () =>
        onNode(sentinel, async (r) => {
          const reply = (await r.call("SENTINEL", "get-master-addr-by-name", name)) as string[] | null;
          return reply?.[1] === String(master.port);
        }),
      "the sentinel to name its master",
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { sentinels: [sentinel], name, master, stop };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}
