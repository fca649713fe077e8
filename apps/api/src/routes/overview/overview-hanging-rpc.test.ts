// Integration: real PostgreSQL, Redis and anvil, the RPC reached through a TCP proxy that can stop
// answering (@ctxlog/jobs/testing startStallProxy). When the node hangs, the overview — the page an
// operator opens to see why anchoring stalled — answers at once instead of waiting out the RPC
// timeout: the anchor key's balance is "unknown" until the node answers, then remembered.

import { ANVIL_DEV_ADDRESSES, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { type StallProxy, startStallProxy, targetOf } from "@ctxlog/jobs/testing";
import { createTestHarness, type TestHarness } from "../../testing/harness";

const RPC_TIMEOUT_MS = 4_000;
// the overview waits this long for a balance it has never read (get-overview.ts), plus slack
const within = () => 1_000 + loadScaledSlackMs(2_000);

let anvil: AnvilInstance;
let proxy: StallProxy;
let h: TestHarness;

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startStallProxy(targetOf(anvil.rpcUrl), "blackhole");
  h = await createTestHarness({
    RPC_URL: `http://127.0.0.1:${proxy.port}`,
    RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    // any address: the overview only reads balances (the registry's code is not called)
    REGISTRY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    CHAIN_ID: String(anvil.chainId),
  });
});
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await anvil?.stop();
});

it("a hanging RPC node does not hold the overview: the balance is unknown, then known once the node answers", async () => {
  const t = await h.tenant();
  const s = await h.session(t.userId);
  const anchor = ANVIL_DEV_ADDRESSES[2] as string;
  await h.db.signer.create({
    data: { address: anchor, kind: "anchor", validFrom: new Date(), lastSeenAt: new Date() },
  });

  const started = performance.now();
  const hung = await s.agent.get("/v1/overview");
  const tookMs = performance.now() - started;
  expect(hung.status).toBe(200);
  expect(hung.body.chain).toMatchObject({ anchor_address: anchor, anchor_balance_wei: null });
  expect(tookMs).toBeLessThan(within()); // a second at most for the node, not its timeout

  proxy.setMode("forward");
  await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setBalance", params: [anchor, "0x4d2"] }),
  });
  // the read started while the node hung ends with its timeout; the next load asks again
  await new Promise((resolve) => setTimeout(resolve, RPC_TIMEOUT_MS));
  const answered = await s.agent.get("/v1/overview");
  expect(answered.body.chain).toMatchObject({ anchor_address: anchor, anchor_balance_wei: "1234" });

  // the node hangs again: the overview answers from what it knew, at once
  proxy.setMode("blackhole");
  const again = performance.now();
  const remembered = await s.agent.get("/v1/overview");
  expect(remembered.body.chain).toMatchObject({ anchor_balance_wei: "1234" });
  expect(performance.now() - again).toBeLessThan(within());
});
