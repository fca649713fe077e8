import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { Counter, Registry } from "prom-client";
import { serveMetrics } from "./serve-metrics";

/** A raw request line, as fetch would refuse to send it. */
function rawGet(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("serveMetrics (real HTTP on loopback)", () => {
  it("serves the registry's metrics, a health check, and 404 for anything else", async () => {
    const registry = new Registry();
    new Counter({ name: "things_total", help: "things", registers: [registry] }).inc(3);
    const server = await serveMetrics(registry, 0, "127.0.0.1");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.headers.get("content-type")).toContain("text/plain");
      expect(await metrics.text()).toMatch(/^things_total 3$/m);
      expect(await (await fetch(`${base}/metrics?name[]=x`)).text()).toMatch(/^things_total 3$/m);
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
      expect((await fetch(`${base}/other`)).status).toBe(404);
      expect((await fetch(`${base}/readyz`)).status).toBe(404); // no readiness given
      expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
    } finally {
      server.close();
    }
  });

  it("answers malformed percent-encoding with 404, never 500", async () => {
    const server = await serveMetrics(new Registry(), 0, "127.0.0.1");
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of ["/%zz", "/%", "/metrics/%E0%A4%A", "/metrics%zz"]) {
        expect(await rawGet(port, path)).toBe(404);
      }
    } finally {
      server.close();
    }
  });

  it("serves a metrics source of its own and /readyz when given", async () => {
    let ready = true;
    const server = await serveMetrics(new Registry(), 0, "127.0.0.1", {
      metrics: async () => "summed_total 7\n",
      readiness: async () => ({ ready, body: { status: ready ? "ok" : "unavailable" } }),
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/metrics`)).text()).toBe("summed_total 7\n");
      const up = await fetch(`${base}/readyz`);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: "ok" });
      ready = false;
      const down = await fetch(`${base}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "unavailable" });
    } finally {
      server.close();
    }
  });

  it("answers /healthz with the app's own health body, always 200 (alive), when given", async () => {
    let anchoring = "ok";
    const server = await serveMetrics(new Registry(), 0, "127.0.0.1", {
      health: async () => ({ anchoring: { state: anchoring } }),
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
        status: "ok",
        anchoring: { state: "ok" },
      });
      anchoring = "stalled";
      const stalled = await fetch(`${base}/healthz`);
      expect(stalled.status).toBe(200);
      expect(await stalled.json()).toEqual({ status: "ok", anchoring: { state: "stalled" } });
    } finally {
      server.close();
    }
  });

  it("rejects when the port cannot be bound", async () => {
    const first = await serveMetrics(new Registry(), 0, "127.0.0.1");
    try {
      const { port } = first.address() as AddressInfo;
      await expect(serveMetrics(new Registry(), port, "127.0.0.1")).rejects.toThrow(/EADDRINUSE/);
    } finally {
      first.close();
    }
  });
});
