import { z } from "zod";
import { optionalEnv } from "./config";

export interface RedisNode {
  host: string;
  port: number;
}

/**
 * Which Redis a process talks to. `url` always: on its own it is one Redis; with `clusterNodes` its
 * credentials and TLS (rediss:) are used on every node of a Redis Cluster reached through those seed
 * nodes; with `sentinels`, its credentials, database and TLS are used on the master the sentinels
 * name `sentinelName`.
 */
export interface RedisTarget {
  url: string;
  clusterNodes?: RedisNode[];
  sentinels?: RedisNode[];
  sentinelName?: string;
}

/** `host:port,host:port,…` (IPv6 in brackets: `[::1]:7000`) */
const hostPortList = z.string().transform((value, ctx) => {
  const nodes: RedisNode[] = [];
  for (const part of value.split(",").map((p) => p.trim())) {
    const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(part);
    const port = Number(match?.[2]);
    if (!match?.[1] || !(port > 0 && port < 65_536)) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not host:port (a comma-separated list)` });
      return z.NEVER;
    }
    nodes.push({ host: match[1].replace(/^\[|\]$/g, ""), port });
  }
  return nodes;
});

/**
 * Spread into every env schema beside redisEnv. REDIS_CLUSTER_NODES: seed nodes of a Redis Cluster
 * (any few masters; the client learns the rest). REDIS_SENTINELS + REDIS_SENTINEL_NAME: Sentinel's
 * failover of one master. Neither: REDIS_URL is the one Redis.
 */
export const redisTopologyEnv = {
  REDIS_CLUSTER_NODES: optionalEnv(hostPortList),
  REDIS_SENTINELS: optionalEnv(hostPortList),
  /** the master's name in the sentinels' configuration (`sentinel monitor <name> …`) */
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default("mymaster"),
};

type TopologyEnv = {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: RedisNode[];
  REDIS_SENTINELS?: RedisNode[];
  REDIS_SENTINEL_NAME: string;
};

/** The cross-field rule of redisTopologyEnv, for each schema's superRefine: one topology at a time. */
export function checkRedisTopology(env: Partial<TopologyEnv>, ctx: z.RefinementCtx) {
  if (env.REDIS_CLUSTER_NODES && env.REDIS_SENTINELS) {
    ctx.addIssue({
      code: "custom",
      path: ["REDIS_SENTINELS"],
      message: "set REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both",
    });
  }
}

export function redisTargetFrom(env: TopologyEnv): RedisTarget {
  if (env.REDIS_CLUSTER_NODES) return { url: env.REDIS_URL, clusterNodes: env.REDIS_CLUSTER_NODES };
  if (env.REDIS_SENTINELS) {
    return { url: env.REDIS_URL, sentinels: env.REDIS_SENTINELS, sentinelName: env.REDIS_SENTINEL_NAME };
  }
  return { url: env.REDIS_URL };
}
