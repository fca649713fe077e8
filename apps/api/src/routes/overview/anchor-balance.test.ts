// Integration: real PostgreSQL, Redis and anvil. The overview's balance is the anchor key's (the
// account that pays the gas), not the attestation key's, read from the chain.
import { ANVIL_DEV_ADDRESSES, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { createTestHarness, type TestHarness } from "../../testing/harness";

let anvil: AnvilInstance;
let h: TestHarness;

beforeAll(async () => {
  anvil = await startAnvil();
  h = await createTestHarness({
    RPC_URL: anvil.rpcUrl,
    // any address: the overview only reads balances (the registry's code is not called)
    REGISTRY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    CHAIN_ID: String(anvil.chainId),
  });
});
afterAll(async () => {
  await h?.close();
  await anvil?.stop();
});

it("shows the anchor key's balance, not the attestation key's", async () => {
  const t = await h.tenant();
  const s = await h.session(t.userId);
  const before = await s.agent.get("/v1/overview");
  expect(before.status).toBe(200);
  expect(before.body.chain).toMatchObject({ anchor_address: null, anchor_balance_wei: null });

  // the chain worker publishes its anchor key; give it a balance unlike any other account's
  const anchor = ANVIL_DEV_ADDRESSES[2] as string;
  await h.db.signer.create({
    data: { address: anchor, kind: "anchor", validFrom: new Date(), lastSeenAt: new Date() },
  });
  await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setBalance", params: [anchor, "0x4d2"] }),
  });
  const after = await s.agent.get("/v1/overview");
  expect(after.body.chain).toMatchObject({ anchor_address: anchor, anchor_balance_wei: "1234" });
  expect(after.body.chain.signer_address).not.toBe(anchor);
});
