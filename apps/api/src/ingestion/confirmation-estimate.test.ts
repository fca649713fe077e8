// Integration: real PostgreSQL and Redis.
import { saveChainStatus } from "@ctxlog/db";
import { bearer, createTestHarness, type TestHarness } from "../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({
    BATCH_WINDOW_MS: "1000",
    EXPECTED_BLOCK_TIME_MS: "1000",
    CONFIRMATIONS: "3",
  });
});
afterAll(() => h.close());

const estimateMs = async (key: string) => {
  const res = await h.request.post("/v1/contexts").set(bearer(key)).send({ agent_id: "a", context_data: {} });
  expect(res.status).toBe(202);
  return Date.parse(res.body.estimated_confirmation) - Date.parse(res.body.created_at);
};

describe("estimated_confirmation = batch window + block time × confirmations", () => {
  it("uses EXPECTED_BLOCK_TIME_MS until the chain worker has observed the chain, then the observed time", async () => {
    const t = await h.tenant();
    await h.deps.confirmationEstimate.refresh();
    expect(await estimateMs(t.keys.full)).toBe(1000 + 1000 * 3);

    await saveChainStatus(h.db, {
      network: h.env.NETWORK_NAME,
      chainId: 31337,
      registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      headBlock: 100n,
      blockTimeMs: 2500,
    });
    await h.deps.confirmationEstimate.refresh();
    expect(await estimateMs(t.keys.full)).toBe(1000 + 2500 * 3);
  });
});
