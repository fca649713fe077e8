// Integration: what verification answers when it cannot read the chain. Real PostgreSQL, Redis and
// anvil (stopped during the test); a closed port for a node that was never there.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { type ChainFixture, startChainFixture } from "../../testing/chain-fixture";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const harnesses: TestHarness[] = [];
let chain: ChainFixture | undefined;
afterAll(async () => {
  for (const h of harnesses) await h.close();
  await chain?.stop();
});

async function harness(overrides: Record<string, string>) {
  const h = await createTestHarness(overrides);
  harnesses.push(h);
  return h;
}

async function pendingContext(h: TestHarness, key: string) {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send({ agent_id: "agent-a", context_data: { n: 1 } });
  return res.body.context_id as string;
}

const someTx = () => `0x${randomBytes(32).toString("hex")}`;
const byData = { agent_id: "agent-a", context_data: { n: 1 } };

describe("POST /v1/verifications when the chain cannot be read", () => {
  it("an unreachable node → 503 SERVICE_UNAVAILABLE, nothing recorded, no URL in the answer", async () => {
    const port = await closedPort();
    const h = await harness({
      RPC_URL: `http://127.0.0.1:${port}/v2/secret-provider-key`,
      REGISTRY_ADDRESS: `0x${"12".repeat(20)}`,
      RPC_TIMEOUT_MS: "1000",
    });
    const t = await h.tenant();
    const id = await pendingContext(h, t.keys.full);
    for (const body of [{ context_id: id }, { transaction_hash: someTx(), context: byData }]) {
      const res = await h.request.post("/v1/verifications").set(bearer(t.keys.public)).send(body);
      if ("context_id" in body) {
        // a public key cannot see that private context: the 404 comes before the chain is asked
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.text).not.toContain("secret-provider-key");
      expect(res.text).not.toContain(String(port));
    }
    const byId = await h.request.post("/v1/verifications").set(bearer(t.keys.full)).send({ context_id: id });
    expect(byId.status).toBe(503);
    expect(byId.body.error.message).toMatch(/unreachable/);
    expect(await h.db.verification.count()).toBe(0);
    expect(await h.db.outboxEvent.count({ where: { event: "verification.completed" } })).toBe(0);
  });

  it("a node that goes away: 200 while it answers, 503 once it is stopped", async () => {
    chain = await startChainFixture();
    const h = await harness(chain.env);
    const t = await h.tenant();
    const up = await h.request
      .post("/v1/verifications")
      .set(bearer(t.keys.full))
      .send({ transaction_hash: someTx(), context: byData });
    expect(up.status).toBe(200);
    expect(up.body.verified).toBe(false);
    await chain.stop();
    const down = await h.request
      .post("/v1/verifications")
      .set(bearer(t.keys.full))
      .send({ transaction_hash: someTx(), context: byData });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("SERVICE_UNAVAILABLE");
    expect(await h.db.verification.count()).toBe(1);
  });

  it("without RPC_URL: 503 naming the setting; 400 and 404 still come first", async () => {
    const h = await harness({});
    const t = await h.tenant();
    const id = await pendingContext(h, t.keys.full);
    const res = await h.request.post("/v1/verifications").set(bearer(t.keys.full)).send({ context_id: id });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("SERVICE_UNAVAILABLE");
    expect(res.body.error.message).toMatch(/no RPC_URL configured/);
    const bad = await h.request.post("/v1/verifications").set(bearer(t.keys.full)).send({});
    expect(bad.status).toBe(400);
    const unknown = await h.request
      .post("/v1/verifications")
      .set(bearer(t.keys.full))
      .send({ context_id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F" });
    expect(unknown.status).toBe(404);
  });
});
