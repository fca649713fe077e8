// Integration: the SDK client against the real API (real PostgreSQL and Redis through the API's
// test harness) on an ephemeral port: `salt: true` puts 32 random bytes into what is hashed, the
// client erases a context and an agent's data, and the context as sent still proves the hash.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ContextLogger, CtxlogClient, hashContext, SALT_METADATA_KEY } from "@ctxlog/sdk";
import { createTestHarness, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";

let h: TestHarness;
let server: Server;
let client: CtxlogClient;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  t = await h.tenant();
  client = new CtxlogClient({
    apiKey: t.keys.full,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

describe("salt and erasure through the SDK", () => {
  it("salts guessable data so its hash is not the data's alone; the salt goes with the erased data", async () => {
    const data = { agent_id: "agent-consent", context_data: { consent: "yes" } };
    const created = await client.contexts.create({ ...data, salt: true });
    const salt = created.metadata?.[SALT_METADATA_KEY];
    expect(salt).toMatch(/^0x[0-9a-f]{64}$/);
    // what was hashed is the context with its salt, and no longer the guessable data alone
    expect(created.context_hash).toBe(
      hashContext({ ...data, metadata: { [SALT_METADATA_KEY]: salt } }).contextHash,
    );
    expect(created.context_hash).not.toBe(hashContext(data).contextHash);

    const erased = await client.contexts.eraseData(created.context_id);
    expect(erased).toMatchObject({ context_data: null, metadata: null, context_hash: created.context_hash });
    expect(erased.data_erased_at).toEqual(expect.any(String));
    const row = await h.db.context.findUniqueOrThrow({ where: { id: created.context_id } });
    expect(JSON.stringify(row)).not.toContain(String(salt));
  });

  it("ContextLogger salts each context once, and eraseAgentData erases them all", async () => {
    const logger = new ContextLogger(client, { maxBatchSize: 3 });
    const logged = await Promise.all(
      [1, 2, 3, 4].map((n) => logger.log({ agent_id: "agent-logged", context_data: { n }, salt: true })),
    );
    await logger.close();
    const salts = new Set(logged.map((c) => c.metadata?.[SALT_METADATA_KEY]));
    expect(salts.size).toBe(4);
    expect(await client.contexts.eraseAgentData("agent-logged")).toEqual({ erased: 4 });
    expect(
      await h.db.context.count({ where: { userId: t.userId, agentId: "agent-logged", dataErasedAt: null } }),
    ).toBe(0);
  });
});
