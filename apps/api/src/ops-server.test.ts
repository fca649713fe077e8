// Integration: real PostgreSQL and Redis (harness), the ops server on a real loopback port.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@ctxlog/core/testing";
import { serveOps } from "./ops-server";
import { bearer, createTestHarness, type TestHarness } from "./testing/harness";

let h: TestHarness;
let ops: Server;
let base: string;

beforeAll(async () => {
  // OPS_HOST is left to its default: the server must bind loopback only
  h = await createTestHarness({ OPS_PORT: "0" });
  ops = await serveOps(h.deps, h.env);
  base = `http://127.0.0.1:${(ops.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => ops.close(resolve));
  await h.close();
});

describe("the ops server (OPS_HOST:OPS_PORT)", () => {
  it("binds 127.0.0.1 by default", () => {
    expect(h.env.OPS_HOST).toBe("127.0.0.1");
    expect((ops.address() as AddressInfo).address).toBe("127.0.0.1");
  });

  it("GET /healthz answers", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz checks PostgreSQL and Redis", async () => {
    // each check has a second to answer; on a loaded CI machine a fresh pool's first connection has
    // taken longer (503), so the probe is asked again, as an orchestrator would
    const res = await waitFor(
      async () => {
        const answer = await fetch(`${base}/readyz`);
        return answer.status === 200 ? answer : undefined;
      },
      { timeout: 10_000, interval: 250, what: "/readyz answering 200" },
    );
    expect(await res.json()).toEqual({ status: "ok", checks: { postgres: "ok", redis: "ok" } });
  });

  it("GET /metrics exposes the public app's request counts and latency by route pattern and status", async () => {
    const t = await h.tenant();
    await h.request.get("/v1/contexts/ctx_01ARZ3NDEKTSV4RRFFQ69G5FAV").set(bearer(t.keys.full));
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/contexts\/:id",status="404"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/contexts\/:id",status="404"\}/,
    );
    expect(text).not.toContain("ctx_01ARZ3NDEKTSV4RRFFQ69G5FAV");
  });

  it("serves nothing else (the API stays on the public port)", async () => {
    expect((await fetch(`${base}/v1/openapi.json`)).status).toBe(404);
    expect((await fetch(`${base}/v1/status`)).status).toBe(404);
  });
});

describe("the ops server with Redis down", () => {
  it("GET /readyz answers 503 and names the failing check", async () => {
    const down = await createTestHarness({ OPS_PORT: "0", REDIS_URL: "redis://127.0.0.1:1" });
    const server = await serveOps(down.deps, down.env);
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: "unavailable",
        checks: { postgres: "ok", redis: "unavailable" },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await down.close();
    }
  });
});
