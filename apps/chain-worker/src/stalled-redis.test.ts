// Integration: the chain worker's Redis connections go through a TCP proxy on loopback that can
// stall (hold every byte) mid-run; real Redis, PostgreSQL and anvil behind it. Nothing is restarted:
// contexts whose anchoring jobs were lost are queued by the reconciler once Redis answers again.
import { waitFor } from "@ctxlog/core/testing";
import { type StallProxy, startStallProxy, TEST_REDIS_URL, targetOf } from "@ctxlog/jobs/testing";
import { type ChainHarness, createChainHarness } from "./testing/harness";

// Long enough for anything awaited below, on a slow machine.
const PATIENCE_MS = 60_000;
jest.setTimeout(4 * PATIENCE_MS);

let proxy: StallProxy;
let h: ChainHarness;

beforeAll(async () => {
  proxy = await startStallProxy(targetOf(TEST_REDIS_URL));
  h = await createChainHarness({
    redisUrl: proxy.urlFor(TEST_REDIS_URL),
    env: { REDIS_COMMAND_TIMEOUT_MS: "500" },
  });
});
afterAll(async () => {
  proxy?.setMode("forward");
  await h?.close();
  await proxy?.close();
});

describe("chain worker — Redis goes silent", () => {
  it("contexts whose jobs were lost while Redis was silent are anchored once it answers again", async () => {
    const logs: string[] = [];
    await h.startWorker({}, undefined, { logs });

    // From the reconciler's first enqueue on, Redis does not answer.
    proxy.setMode("stall");
    const ids = await h.submit(3, false); // committed; their job lost (as if the API's enqueue failed)
    await waitFor(() => logs.some((l) => l.includes("reconcile step failed")), {
      timeout: PATIENCE_MS,
      what: "the reconciler reporting a failed step",
    });
    expect(await h.statusCounts(ids)).toEqual({ pending: 3 });

    proxy.setMode("forward");
    await h.waitForStatus(ids, "confirmed", PATIENCE_MS);
    await h.expectAnchoredExactlyOnce(ids);
  });
});
