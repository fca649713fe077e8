// Integration: real PostgreSQL (fresh database) and real Redis (own prefix); the 503 cases point
// the app at ports where nothing listens.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { readContextStates } from "@ctxlog/db";
import { createRedisConnection, JobQueues } from "@ctxlog/jobs";
import supertest from "supertest";
import { createApp } from "./app";
import { v1Routes } from "./routes";
import { checkReadiness } from "./routes/health";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "./testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

describe("operations endpoints", () => {
  it("GET /healthz answers without a key", async () => {
    const res = await h.request.get("/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it.each(["/metrics", "/readyz"])(
    "GET %s is not on the public port (ops-server.ts serves it)",
    async (path) => {
      const res = await h.request.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    },
  );

  it("echoes a sane X-Request-Id and generates one otherwise", async () => {
    const mine = await h.request.get("/healthz").set("X-Request-Id", "trace-123");
    expect(mine.headers["x-request-id"]).toBe("trace-123");
    const hostile = await h.request.get("/v1/status").set("X-Request-Id", "bad id\twith spaces");
    expect(hostile.headers["x-request-id"]).toMatch(/^req_/);
    expect(hostile.body.error.request_id).toBe(hostile.headers["x-request-id"]);
  });

  it("routing is exact: a path that only looks like a route is 404 for every caller, before any authentication", async () => {
    for (const path of [
      "/v1/STATUS",
      "/v1/status/",
      "/v1//status",
      "/v1/%73tatus",
      "/v1/status;x",
      "/V1/status",
    ]) {
      const anonymous = await h.request.get(path);
      const withKey = await h.request.get(path).set(bearer(t.keys.full));
      for (const res of [anonymous, withKey]) {
        expect([res.status, res.body.error?.code]).toEqual([404, "NOT_FOUND"]);
        expect(res.headers["www-authenticate"]).toBeUndefined();
      }
    }
    expect((await h.request.get("/HEALTHZ")).status).toBe(404);
    // nor is a method the table does not have: no automatic OPTIONS answer listing the methods
    const options = await h.request.options("/v1/keys");
    expect([options.status, options.body.error?.code, options.headers.allow]).toEqual([
      404,
      "NOT_FOUND",
      undefined,
    ]);
    expect((await h.request.delete("/v1/contexts").set(bearer(t.keys.full))).status).toBe(404);
    expect((await h.request.get("/v1/status").set(bearer(t.keys.full))).status).toBe(200);
  });

  it("an unknown route is a 404 in the error envelope", async () => {
    const res = await h.request.get("/v1/nope").set(bearer(t.keys.full));
    expect(res.status).toBe(404);
    // the message names the path the client sent, /v1 included
    expect(res.body.error).toMatchObject({ code: "NOT_FOUND", message: "No route for GET /v1/nope." });
    const outside = await h.request.get("/nope");
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe("NOT_FOUND");
  });
});

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document of every route, generated from the zod schemas", async () => {
    const res = await h.request.get("/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    // Every route of the table, and nothing else (the table grows with each feature).
    // (`:name` and a `*name` wildcard are both one path parameter {name} in the document)
    const tablePaths = new Set(v1Routes.map((r) => r.path.replace(/[:*]([A-Za-z_]+)/g, "{$1}")));
    expect(Object.keys(res.body.paths).sort()).toEqual([...tablePaths].sort());
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/contexts", "/contexts/{id}", "/status"]),
    );
    expect(res.body.paths["/contexts"].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/CreateContextRequest",
    );
    expect(res.body.components.schemas.CreateContextRequest.additionalProperties).toBe(false);
  });

  it("passes the Redocly linter", async () => {
    const res = await h.request.get("/v1/openapi.json");
    const dir = await mkdtemp(path.join(tmpdir(), "ctxlog-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      await writeFile(file, res.text);
      const redocly = require.resolve("@redocly/cli/bin/cli.js");
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [redocly, "lint", file, "--format", "stylish"],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        },
      ).catch((err: { stdout: string; stderr: string }) => {
        throw new Error(`redocly lint failed:\n${err.stdout}\n${err.stderr}`);
      });
      expect(`${stdout}${stderr}`).toMatch(/valid/i);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("backing services down", () => {
  it("Redis unreachable → 503 SERVICE_UNAVAILABLE and nothing written", async () => {
    const down = await createTestHarness({ REDIS_URL: "redis://127.0.0.1:1" });
    try {
      const tenant = await down.tenant();
      const res = await down.request
        .post("/v1/contexts")
        .set(bearer(tenant.keys.full))
        .send({ agent_id: "a", context_data: {} });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(res.headers["retry-after"]).toBeDefined();
      expect(await down.db.context.count()).toBe(0);
      expect((await checkReadiness(down.deps)).ready).toBe(false);
    } finally {
      await down.close();
    }
  });

  it("PostgreSQL unreachable → 503 SERVICE_UNAVAILABLE", async () => {
    const down = await createTestHarness({ DATABASE_URL: "postgresql://root@127.0.0.1:1/none" });
    try {
      const res = await down.request.get("/v1/status").set(bearer(t.keys.full));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("SERVICE_UNAVAILABLE");
      const readiness = await checkReadiness(down.deps);
      expect(readiness.ready).toBe(false);
      expect(readiness.body).toMatchObject({ checks: { postgres: "unavailable" } });
    } finally {
      await down.close();
    }
  });

  it("a committed context whose enqueue fails is still answered 202 and stays pending for the reconciler", async () => {
    const deadRedis = createRedisConnection("redis://127.0.0.1:1", "producer");
    deadRedis.on("error", () => {});
    const deadQueue = new JobQueues(deadRedis, h.prefix, 500);
    const app = createApp({ ...h.deps, queues: deadQueue });
    try {
      const res = await supertest(app)
        .post("/v1/contexts")
        .set(bearer(t.keys.full))
        .send({ agent_id: "a", context_data: {} });
      expect(res.status).toBe(202);
      const row = await h.db.context.findUniqueOrThrow({ where: { id: res.body.context_id } });
      expect((await readContextStates(h.db, [row.id]))[0]?.status).toBe("pending");
      expect(row.anchorId).toBeNull(); // in no batch: the reconciler finds it
    } finally {
      await deadQueue.close();
      deadRedis.disconnect();
    }
  });
});
