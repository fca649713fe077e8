import type { AddressInfo } from "node:net";
import { Counter, Registry } from "prom-client";
import { serveMetrics } from "./serve-metrics";

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
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
