import { availableParallelism } from "node:os";
import { ConfigError } from "@ctxlog/core";
import { parseApiEnv } from "./env";

const base = {
  DATABASE_URL: "postgresql://root@127.0.0.1:5432/ctxlog",
  REDIS_URL: "redis://127.0.0.1:6379",
  SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
};

describe("API environment", () => {
  it("runs one process unless API_PROCESSES says otherwise; auto means one per core", () => {
    expect(parseApiEnv(base).API_PROCESSES).toBe(1);
    expect(parseApiEnv({ ...base, API_PROCESSES: "3" }).API_PROCESSES).toBe(3);
    expect(parseApiEnv({ ...base, API_PROCESSES: "auto" }).API_PROCESSES).toBe(availableParallelism());
  });

  it.each(["0", "-1", "1.5", "many", "65"])("refuses API_PROCESSES=%s with a clear message", (value) => {
    expect(() => parseApiEnv({ ...base, API_PROCESSES: value })).toThrow(ConfigError);
    expect(() => parseApiEnv({ ...base, API_PROCESSES: value })).toThrow(/API_PROCESSES/);
  });
});
