// Integration: real PostgreSQL (fresh database) and Redis (own prefix); the app listens on loopback
// so that a client can hold an export open by not reading it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let server: http.Server;
let port: number;
beforeAll(async () => {
  h = await createTestHarness({
    EXPORT_MAX_PER_USER: "2",
    EXPORT_MAX_PER_PROCESS: "3",
    EXPORT_PAGE_BYTES: String(64 * 1024),
    EXPORT_BYTES_PER_UNIT: "1024",
    PLAN_RATE_LIMITS: "free:100000,tiny:40",
  });
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await h.close();
});

const blob = (kib: number) => "x".repeat(kib * 1024);
async function fill(t: Tenant, agent: string, entries: number, kib: number) {
  for (let i = 0; i < entries; i++) {
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: agent, context_data: { i, blob: blob(kib) } });
    expect(res.status).toBe(202);
  }
}

/** An export whose client reads nothing: the server blocks on backpressure, holding its slot. */
function held(key: string, agent: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { port, host: "127.0.0.1", path: `/v1/agents/${agent}/export`, headers: bearer(key) },
      (res) => {
        res.pause();
        resolve(res);
      },
    );
    req.on("error", reject);
  });
}

describe("agent exports", () => {
  let big: Tenant;
  beforeAll(async () => {
    big = await h.tenant();
    await fill(big, "big", 40, 200); // ~8 MB: more than the sockets buffer, so unread exports block
  }, 120_000);

  it("streams a log of large entries in byte-bounded pages, every entry once and in order", async () => {
    const res = await h.request.get("/v1/agents/big/export").set(bearer(big.keys.read_only));
    expect(res.status).toBe(200);
    const lines = res.text.split("\n").filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).sequence)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("runs at most EXPORT_MAX_PER_USER exports of a user at once: 429 with Retry-After beyond, a slot again once one ends", async () => {
    const a = await held(big.keys.full, "big");
    const b = await held(big.keys.read_only, "big");
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const third = await h.request.get("/v1/agents/big/export").set(bearer(big.keys.full));
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(third.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    // another user may still export (the process allows 3), but a fourth export in the process may not
    const other = await h.tenant();
    await fill(other, "small", 1, 1);
    const c = await held(other.keys.full, "small");
    expect(c.statusCode).toBe(200); // its whole log fits in the buffers: it ends at once
    const d = await held(big.keys.full, "big");
    expect(d.statusCode).toBe(429);
    d.resume();

    a.destroy(); // the client leaves: its slot is released
    await new Promise((r) => setTimeout(r, 200));
    const again = await h.request.get("/v1/agents/big/export?to_sequence=2").set(bearer(big.keys.full));
    expect(again.status).toBe(200);
    b.destroy();
    c.resume();
  });

  it("costs rate-limit units by size, spent before the first line; one the budget cannot cover is a 429 that spends nothing", async () => {
    const tiny = await h.tenant({ plan: "tiny" });
    await fill(tiny, "mid", 3, 10); // ~30 KiB of canonical JSON: ~30 units at 1 KiB a unit
    const status = await h.request.get("/v1/status").set(bearer(tiny.keys.full));
    const before = Number(status.headers["ratelimit-remaining"]);
    const one = await h.request.get("/v1/agents/mid/export?to_sequence=1").set(bearer(tiny.keys.full));
    expect(one.status).toBe(200);
    const afterOne = Number(one.headers["ratelimit-remaining"]);
    expect(before - afterOne).toBeGreaterThanOrEqual(1 + 10); // the request, and ~10 KiB of entries
    expect(before - afterOne).toBeLessThanOrEqual(1 + 11);

    const all = await h.request.get("/v1/agents/mid/export").set(bearer(tiny.keys.full));
    expect(all.status).toBe(429);
    expect(all.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(all.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // only the request's own unit was spent: the export's units were given back
    const after = await h.request.get("/v1/status").set(bearer(tiny.keys.full));
    expect(Number(after.headers["ratelimit-remaining"])).toBe(afterOne - 2);
  });
});
