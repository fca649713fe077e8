// Issue 22, test 5: the chain worker's RPC blackholed (a TCP proxy that accepts and never answers)
// while contexts are pending. Within the threshold the chain worker's health (ops port) says
// anchoring is stalled with the last error, chain_anchoring_stalled is 1, and the dashboard's
// overview shows the banner in Chromium; once the RPC is back, the contexts confirm and it all
// clears; the stuck context's page shows it overdue meanwhile. STALL_THRESHOLD_MS makes the threshold 6 s for the test (unset: max(60 s, 10 × the
// expected confirmation time)). Runs the built apps: `npm run build` first.
import { freePort, loadScaledSlackMs, scrapeMetrics, waitFor } from "@ctxlog/core/testing";
import { type StallProxy, startStallProxy } from "@ctxlog/jobs/testing";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signedInPage } from "./browser";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const THRESHOLD_MS = 6_000;
const CHECK_MS = 500;

let stack: DashboardStack;
let browser: Browser;
let proxy: StallProxy | undefined;
let opsPort: number;

beforeAll(async () => {
  opsPort = await freePort();
  [stack, browser] = await Promise.all([
    startDashboardStack(
      {},
      {
        rpcUrl: async (anvilRpcUrl) => {
          const target = new URL(anvilRpcUrl);
          proxy = await startStallProxy({ host: target.hostname, port: Number(target.port) });
          return `http://127.0.0.1:${proxy.port}`;
        },
        env: {
          CHAIN_WORKER_METRICS_PORT: String(opsPort),
          STALL_THRESHOLD_MS: String(THRESHOLD_MS),
          ANCHORING_CHECK_INTERVAL_MS: String(CHECK_MS),
          RPC_TIMEOUT_MS: "1000",
        },
      },
    ),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await proxy?.close();
});

interface Health {
  status: string;
  anchoring: { state: string; behind_seconds: number; threshold_seconds: number; last_error: string | null };
}
const health = async () => (await (await fetch(`http://127.0.0.1:${opsPort}/healthz`)).json()) as Health;

async function post(key: string): Promise<string> {
  const res = await fetch(`${stack.origin}/v1/contexts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ agent_id: "stall", context_data: { at: Date.now() } }),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { context_id: string }).context_id;
}

async function statusOf(key: string, id: string): Promise<string> {
  const res = await fetch(`${stack.origin}/v1/contexts/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return ((await res.json()) as { status: string }).status;
}

const banner = (page: Page) => page.getByRole("alert").filter({ hasText: "Anchoring is stalled" });

it("RPC blackholed with contexts pending: health says stalled within the threshold, the banner shows; restored: both clear", async () => {
  const userId = "usr-stall";
  const { page } = await signedInPage(browser, stack, {
    userId,
    email: "stall@example.com",
    password: "correct horse battery staple",
  });
  const { key } = JSON.parse(
    await stack.cli("keys", "create", "--user", userId, "--type", "full", "--json"),
  ) as {
    key: string;
  };
  // anchoring works through the proxy, and nothing is stalled
  const first = await post(key);
  await waitFor(async () => (await statusOf(key, first)) === "confirmed", { timeout: 30_000, interval: 200 });
  expect((await health()).anchoring.state).toBe("ok");

  (proxy as StallProxy).setMode("blackhole");
  const postedAt = Date.now();
  const stuck = await post(key);
  const stalled = await waitFor(
    async () => {
      const h = await health();
      return h.anchoring.state === "stalled" && h;
    },
    { timeout: THRESHOLD_MS + 20_000, interval: 200, what: async () => JSON.stringify(await health()) },
  );
  const after = Date.now() - postedAt;
  // not before the threshold, and within a few checks of it
  expect(after).toBeGreaterThanOrEqual(THRESHOLD_MS);
  expect(after).toBeLessThan(THRESHOLD_MS + 4 * CHECK_MS + loadScaledSlackMs(2_000));
  expect(stalled.status).toBe("ok"); // alive: a restart would not bring the node back
  expect(stalled.anchoring.threshold_seconds).toBe(THRESHOLD_MS / 1000);
  expect(stalled.anchoring.last_error).toMatch(/time|took too long|abort/i);
  const scrape = await scrapeMetrics(`http://127.0.0.1:${opsPort}/metrics`);
  expect(scrape.value("chain_anchoring_stalled")).toBe(1);
  expect(await statusOf(key, stuck)).toBe("pending");

  await page.goto(`${stack.origin}/dashboard/`);
  await banner(page).waitFor({ timeout: 15_000 });
  const text = (await banner(page).textContent()) ?? "";
  expect(text).toMatch(/Anchoring is stalled: \d+ s behind/);
  expect(text).toContain("Last error:");

  // the stuck context's page: past its estimated confirmation, the step it waits at says overdue
  await page.goto(`${stack.origin}/dashboard/contexts/${stuck}`);
  await page.getByText(/Overdue: not confirmed by its estimated time/).waitFor({ timeout: 15_000 });
  expect(await page.getByText("overdue", { exact: true }).count()).toBe(1);

  (proxy as StallProxy).setMode("forward");
  await waitFor(async () => (await statusOf(key, stuck)) === "confirmed", { timeout: 30_000, interval: 200 });
  await waitFor(async () => (await health()).anchoring.state === "ok", { timeout: 10_000, interval: 200 });
  expect((await scrapeMetrics(`http://127.0.0.1:${opsPort}/metrics`)).value("chain_anchoring_stalled")).toBe(
    0,
  );
  await page.reload();
  await page.getByText("Confirmed", { exact: true }).first().waitFor();
  expect(await page.getByText(/Overdue/).count()).toBe(0);
  await page.goto(`${stack.origin}/dashboard/`);
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  await page.getByText("Pending", { exact: true }).waitFor();
  await waitFor(async () => (await banner(page).count()) === 0, { timeout: 10_000, interval: 200 });
});
