import { z } from "zod";
import { ConfigError, parseConfig } from "./config";
import { checkRedisTopology, redisTargetFrom } from "./redis-target";
import { redisEnv } from "./service-timeouts";

const schema = z.object(redisEnv).superRefine(checkRedisTopology);
const parse = (env: Record<string, string>) =>
  parseConfig(schema, { REDIS_URL: "redis://127.0.0.1:6379", ...env }, "t");

describe("the Redis variables", () => {
  it("are one Redis by default, with the prefix as it always was", () => {
    const env = parse({});
    expect(env.REDIS_PREFIX).toBe("ctxlog");
    expect(redisTargetFrom(env)).toEqual({ url: "redis://127.0.0.1:6379" });
  });

  it("read REDIS_CLUSTER_NODES as seed nodes (IPv6 in brackets)", () => {
    const env = parse({ REDIS_CLUSTER_NODES: "10.0.0.1:7000, redis-2.internal:7001,[::1]:7002" });
    expect(redisTargetFrom(env)).toEqual({
      url: "redis://127.0.0.1:6379",
      clusterNodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "redis-2.internal", port: 7001 },
        { host: "::1", port: 7002 },
      ],
    });
  });

  it("read REDIS_SENTINELS with the master's name (mymaster unless set)", () => {
    expect(redisTargetFrom(parse({ REDIS_SENTINELS: "s1:26379,s2:26379" }))).toEqual({
      url: "redis://127.0.0.1:6379",
      sentinels: [
        { host: "s1", port: 26379 },
        { host: "s2", port: 26379 },
      ],
      sentinelName: "mymaster",
    });
    const named = parse({ REDIS_SENTINELS: "s1:26379", REDIS_SENTINEL_NAME: "ctxlog" });
    expect(redisTargetFrom(named).sentinelName).toBe("ctxlog");
  });

  it("refuse a node that is not host:port, and both topologies at once", () => {
    expect(() => parse({ REDIS_CLUSTER_NODES: "10.0.0.1" })).toThrow(
      /REDIS_CLUSTER_NODES: "10.0.0.1" is not host:port/,
    );
    expect(() => parse({ REDIS_CLUSTER_NODES: "a:70000" })).toThrow(ConfigError);
    expect(() => parse({ REDIS_CLUSTER_NODES: "a:7000", REDIS_SENTINELS: "s:26379" })).toThrow(
      /REDIS_SENTINELS: set REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both/,
    );
  });

  it("take a prefix with one hash tag, and nothing else with braces", () => {
    expect(parse({ REDIS_PREFIX: "{ctxlog}" }).REDIS_PREFIX).toBe("{ctxlog}");
    expect(parse({ REDIS_PREFIX: "prod-{ctxlog}" }).REDIS_PREFIX).toBe("prod-{ctxlog}");
    for (const bad of ["{}", "{a}{b}", "ctx{log", "ctx:log", ""]) {
      expect(() => parse({ REDIS_PREFIX: bad })).toThrow(/REDIS_PREFIX/);
    }
  });
});
