// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).

import { generateApiKey, generateOpaqueToken } from "@ctxlog/core";
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { findActiveApiKey } from "@ctxlog/db";
import express from "express";
import supertest from "supertest";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";
import { clientAddressBucket } from "./auth-failure-limit";
import { authenticate } from "./authenticate";
import { errorHandler } from "./errors";

let h: TestHarness;
let t: Tenant;
beforeAll(async () => {
  h = await createTestHarness({
    AUTH_FAILURE_LIMIT: "3",
    AUTH_FAILURE_WINDOW_SECONDS: "60",
    TRUST_PROXY: "true",
  });
  t = await h.tenant();
});
afterAll(() => h.close());

const unknownKey = () => generateApiKey("full").key;
const randomToken = () => generateOpaqueToken();
const statusFrom = (address: string, key: string) =>
  h.request.get("/v1/status").set("X-Forwarded-For", address).set(bearer(key));

describe("failed authentications per client address", () => {
  it("after AUTH_FAILURE_LIMIT unknown keys the address gets 429 with Retry-After; others are unaffected", async () => {
    const attacker = "203.0.113.7";
    for (const remaining of ["2", "1", "0"]) {
      const res = await statusFrom(attacker, unknownKey());
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("INVALID_API_KEY");
      expect(res.headers["ratelimit-remaining"]).toBe(remaining);
    }
    const limited = await statusFrom(attacker, unknownKey());
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["ratelimit-limit"]).toBe("3");
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expect(Number(limited.headers["ratelimit-reset"])).toBeGreaterThan(0);

    // A valid key from another address still works (the plan's limit is a separate budget).
    const other = await statusFrom("203.0.113.8", t.keys.full);
    expect(other.status).toBe(200);
    expect(other.headers["ratelimit-limit"]).toBe("600");
    // Unknown keys from the blocked address stay refused; a valid one still passes (on probation).
    expect((await statusFrom(attacker, unknownKey())).status).toBe(429);
    expect((await statusFrom(attacker, t.keys.full)).status).toBe(200);
  });

  it("an address out of failures gets at most one lookup a second, and 429 for what it does not find", async () => {
    let lookups = 0;
    const app = express()
      .set("trust proxy", true)
      .use(
        authenticate(h.deps, (hash) => {
          lookups++;
          return findActiveApiKey(h.db, hash);
        }),
      )
      .get("/", (_req, res) => {
        res.json({ ok: true });
      })
      .use(errorHandler);
    const from = (key: string) =>
      supertest(app).get("/").set("X-Forwarded-For", "198.51.100.20").set(bearer(key));

    expect((await from(t.keys.read_only)).status).toBe(200); // a success costs nothing
    for (let i = 0; i < 3; i++) expect((await from(unknownKey())).status).toBe(401);
    expect(lookups).toBe(4);
    const started = Date.now();
    const refused = await Promise.all(Array.from({ length: 8 }, () => from(unknownKey())));
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    // each probation slot is one lookup a second; the rest were refused before any
    expect(lookups - 4).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - started) / 1000));
  });

  it("a concurrent burst of unknown keys gets no more lookups than the limit allows", async () => {
    let lookups = 0;
    const app = express()
      .set("trust proxy", true)
      .use(
        authenticate(h.deps, async (hash) => {
          lookups++;
          await new Promise((r) => setTimeout(r, 20)); // the lookups overlap
          return findActiveApiKey(h.db, hash);
        }),
      )
      .get("/", (_req, res) => {
        res.json({ ok: true });
      })
      .use(errorHandler);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        supertest(app).get("/").set("X-Forwarded-For", "198.51.100.30").set(bearer(unknownKey())),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3); // exactly the limit were checked and failed
    expect(statuses.filter((s) => s === 429)).toHaveLength(21);
    // the limit's 3, plus at most one probation lookup a second
    expect(lookups).toBeLessThanOrEqual(3 + 1 + Math.ceil((Date.now() - started) / 1000));
  });

  it("a burst of one valid key on a cold cache is one lookup, and spends none of the address's budget", async () => {
    let lookups = 0;
    const app = express()
      .set("trust proxy", true)
      .use(
        authenticate(h.deps, async (hash) => {
          lookups++;
          await new Promise((r) => setTimeout(r, 50)); // the requests overlap
          return findActiveApiKey(h.db, hash);
        }),
      )
      .get("/", (_req, res) => {
        res.json({ ok: true });
      })
      .use(errorHandler);
    const from = (key: string) =>
      supertest(app).get("/").set("X-Forwarded-For", "198.51.100.40").set(bearer(key));
    const burst = await Promise.all(Array.from({ length: 40 }, () => from(t.keys.full)));
    expect(burst.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(lookups).toBeLessThan(40);
    // the address's whole budget is still there for failures
    for (const remaining of ["2", "1", "0"]) {
      expect((await from(unknownKey())).headers["ratelimit-remaining"]).toBe(remaining);
    }
  });

  it("does not refuse a valid key from an address others exhausted (NAT): 100 unknown keys, then a valid one", async () => {
    const shared = "203.0.113.50";
    const unknown = await Promise.all(Array.from({ length: 100 }, () => statusFrom(shared, unknownKey())));
    const statuses = unknown.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(97);
    const started = Date.now();
    const valid = await statusFrom(shared, t.keys.full);
    expect(valid.status).toBe(200);
    // a short, bounded wait for the probation slot: probationMs (1 s, wiring.ts) plus slack
    expect(Date.now() - started).toBeLessThan(1_000 + loadScaledSlackMs(1_500));
    const stillUnknown = await statusFrom(shared, unknownKey());
    expect(stillUnknown.status).toBe(429);
    expect(Number(stillUnknown.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("does not refuse a valid session cookie from an address others exhausted with made-up keys", async () => {
    const shared = "203.0.113.60";
    const s = await h.session(t.userId);
    const unknown = await Promise.all(Array.from({ length: 31 }, () => statusFrom(shared, unknownKey())));
    expect(unknown.map((r) => r.status).filter((status) => status === 429).length).toBeGreaterThanOrEqual(28);
    const signedIn = await h.request
      .get("/v1/auth/session")
      .set("X-Forwarded-For", shared)
      .set("Cookie", s.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.account.email).toBe(s.email);
    // a made-up session from that address is still refused like a made-up key, and counted
    const forged = await h.request
      .get("/v1/auth/session")
      .set("X-Forwarded-For", shared)
      .set("Cookie", `ctxlog_session=${"A".repeat(43)}`);
    expect(forged.status).toBe(429);
    expect(forged.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
  });

  it("serves a whole dashboard page (concurrent requests, one session) from an address others exhausted", async () => {
    const shared = "203.0.113.62";
    const s = await h.session(t.userId);
    await Promise.all(Array.from({ length: 8 }, () => statusFrom(shared, unknownKey())));
    const page = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.request.get("/v1/auth/session").set("X-Forwarded-For", shared).set("Cookie", s.cookie),
      ),
    );
    // one lookup, on one probation slot, answers all six
    expect(page.map((r) => r.status)).toEqual(Array(6).fill(200));
  });

  it("counts made-up session cookies like made-up keys: a valid key still passes the address after them", async () => {
    const shared = "203.0.113.61";
    const forged = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.request
          .get("/v1/auth/session")
          .set("X-Forwarded-For", shared)
          .set("Cookie", `ctxlog_session=${randomToken()}`),
      ),
    );
    const statuses = forged.map((r) => r.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3); // the limit
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    expect((await statusFrom(shared, t.keys.full)).status).toBe(200);
  });

  it("malformed keys never reach the database and are not counted", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await statusFrom("203.0.113.9", `sk_short${i}`);
      expect(res.status).toBe(401);
    }
    expect((await statusFrom("203.0.113.9", t.keys.full)).status).toBe(200);
  });

  it("counts an IPv6 /64 as one address, and IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(clientAddressBucket("2001:db8:1:2:aaaa::1")).toBe(clientAddressBucket("2001:db8:1:2:bbbb::9"));
    expect(clientAddressBucket("2001:db8:1:2::1")).not.toBe(clientAddressBucket("2001:db8:1:3::1"));
    expect(clientAddressBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddressBucket("192.0.2.1")).toBe("192.0.2.1");
  });
});
