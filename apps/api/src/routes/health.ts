import { pingDatabase } from "@ctxlog/db";
import type { Readiness } from "@ctxlog/runtime";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../deps";

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness: the process answers. */
export function getHealthz(): RequestHandler {
  return (_req, res) => {
    res.json({ status: "ok" });
  };
}

/** Readiness (served on the ops port): PostgreSQL and Redis both answer within a second. */
export async function checkReadiness({ db, redis }: Pick<ApiDeps, "db" | "redis">): Promise<Readiness> {
  const check = async (fn: () => Promise<unknown>) => {
    try {
      await withTimeout(fn(), 1_000);
      return "ok" as const;
    } catch {
      return "unavailable" as const;
    }
  };
  const [postgres, redisState] = await Promise.all([
    check(() => pingDatabase(db)),
    check(() => redis.ping()),
  ]);
  const ready = postgres === "ok" && redisState === "ok";
  return { ready, body: { status: ready ? "ok" : "unavailable", checks: { postgres, redis: redisState } } };
}
