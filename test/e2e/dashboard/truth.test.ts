// Issue 40's "misleading" and "broken" items of the record pages in a real browser against the real
// stack, at 1440×900 and 390×844, with axe at 0 violations: an erased context's verification reads
// verified with data unavailable, its unrunnable checks "not run" and never failed (the list, its
// page, Verify now); the confirmation-time chart draws a range of one data point (pixels, not
// markup); a pending context shows its estimated confirmation, a confirmed one does not, and its
// confirmations follow the chain; and the overview's context tiles open the lists they count.
import { waitFor } from "@ctxlog/core/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { cellOf, field, paintedPixels, rowOf, tileValue, violations } from "./page-reading";
import { sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };
let stack: DashboardStack;
let browser: Browser;
let desktop: BrowserContext;
let wide: Page;
let phone: Page;
let key: string;
let sizes: Array<[string, Page]>;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startDashboardStack(), launchBrowser()]);
  ({ context: desktop, page: wide } = await signedInPage(
    browser,
    stack,
    { userId: "usr_truth", email: "grace@example.com", password: "correct horse battery staple" },
    WIDE,
  ));
  const api = await sessionApi(desktop, stack.origin);
  const created = await api.post("/keys", { type: "full", name: "truth-e2e" });
  if (!created.ok()) throw new Error(`key: ${created.status()} ${await created.text()}`);
  key = ((await created.json()) as { key: string }).key;
  const small = await newContext(browser, PHONE);
  await small.addCookies(await desktop.cookies());
  phone = await small.newPage();
  sizes = [
    ["1440×900", wide],
    ["390×844", phone],
  ];
});
afterAll(async () => {
  await mining(true).catch(() => {});
  await browser?.close();
  await stack?.close();
});

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;
async function v1<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stack.origin}/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface ContextRecord {
  context_id: string;
  status: string;
  created_at: string;
  confirmations: number;
}

const createContext = (agent: string) =>
  v1<ContextRecord>("/contexts", {
    method: "POST",
    body: JSON.stringify({ agent_id: agent, context_data: { agent } }),
  });

async function confirmed(id: string): Promise<ContextRecord> {
  return waitFor(
    async () => {
      const record = await v1<ContextRecord>(`/contexts/${id}`);
      return record.status === "confirmed" ? record : undefined;
    },
    { timeout: 60_000, interval: 250, what: `${id} confirmed` },
  );
}

/** anvil's interval mining off (no block: a batch's transaction waits) or back to a block a second. */
async function mining(on: boolean) {
  const res = await fetch(stack.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_setIntervalMining", params: [on ? 1 : 0] }),
  });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`evm_setIntervalMining: ${JSON.stringify(body.error)}`);
}

it("the confirmation-time chart draws a range with a single data point", async () => {
  const only = await confirmed((await createContext("chart-1")).context_id);
  const created = Date.parse(only.created_at);
  const since = new Date(created - 60_000).toISOString();
  const until = new Date(created + 120_000).toISOString();
  // the one context of the range is its one data point (the other buckets have no value)
  const series = await v1<{ points: { p50_seconds: number | null; p95_seconds: number | null }[] }>(
    `/overview/series?since=${since}&until=${until}`,
  );
  expect(series.points.filter((p) => p.p50_seconds !== null)).toHaveLength(1);

  for (const [size, p] of sizes) {
    await p.goto(dashboard(`/?range=custom&from=${since}&to=${until}`));
    const chart = p.getByRole("img", { name: /^Confirmation time: p50 around [\d.]+ s/ });
    await chart.waitFor({ timeout: 20_000 });
    // what the browser painted: the p50 dot's blue, or the p95 dot's orange under it
    const painted = await paintedPixels(p, chart, ["#364fc7", "#e8590c"]);
    expect({ size, painted: painted >= 9 }).toEqual({ size, painted: true });
    expect(await violations(p)).toEqual([]);
  }
});

it("an erased context verifies as verified with data unavailable: its data checks not run, never failed", async () => {
  const { context_id } = await confirmed((await createContext("erased-1")).context_id);
  await v1(`/contexts/${context_id}/data`, { method: "DELETE", body: JSON.stringify({ reason: "e2e" }) });
  const verification = await v1<{
    verification_id: string;
    verdict: string;
    checks: { name: string; status: string }[];
  }>("/verifications", { method: "POST", body: JSON.stringify({ context_id }) });
  expect(verification.verdict).toBe("verified_data_unavailable");
  const notRun = verification.checks.filter((c) => c.status === "not_run").map((c) => c.name);
  expect(notRun).toEqual(expect.arrayContaining(["hash_matches"]));
  const id = verification.verification_id;

  for (const [size, p] of sizes) {
    // the list: the three-valued verdict, not a plain "verified"
    await p.goto(dashboard("/verifications"));
    await rowOf(p, id).first().waitFor({ timeout: 20_000 });
    expect({ size, result: await cellOf(p, id, "Result") }).toEqual({
      size,
      result: "verified · data erased",
    });
    expect(await violations(p)).toEqual([]);

    // its page: the verdict, "not run" for what could not run, nothing failed
    await p.goto(dashboard(`/verifications/${id}`));
    await p.getByRole("heading", { name: `Verification ${id}` }).waitFor({ timeout: 20_000 });
    await p.getByRole("main").getByText("verified · data erased", { exact: true }).waitFor();
    expect(await field(p, "Hash matches").textContent()).toBe("not run (data erased)");
    for (const name of notRun) {
      expect({ size, name, result: await cellOf(p, name, "Result") }).toEqual({
        size,
        name,
        result: "not run",
      });
    }
    expect(
      await p
        .getByRole("main")
        .getByText(/^failed$/i)
        .count(),
    ).toBe(0);
    expect(await violations(p)).toEqual([]);

    // Verify now on the context's page says the same
    await p.goto(dashboard(`/contexts/${context_id}`));
    await p.getByRole("button", { name: "Verify now" }).click();
    const section = p
      .locator(".mantine-Paper-root")
      .filter({ has: p.getByRole("heading", { name: "Verification" }) });
    await section.getByText("verified · data erased", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await section.getByText("not run", { exact: true }).count()).toBe(notRun.length);
    expect(
      await p
        .getByRole("main")
        .getByText(/^failed$/i)
        .count(),
    ).toBe(0);
    expect(await violations(p)).toEqual([]);
  }
});

it("estimated confirmation only while pending, confirmations that follow the chain, and context tiles that open what they count", async () => {
  await confirmed((await createContext("tiles-1")).context_id);
  await mining(false);
  // resumed at once if the context is refused; afterAll resumes it too
  const waiting = await createContext("waiting-1").catch(async (error) => {
    await mining(true);
    throw error;
  });
  try {
    for (const [size, p] of sizes) {
      await p.goto(dashboard(`/contexts/${waiting.context_id}`));
      await p.getByRole("heading", { name: `Context ${waiting.context_id}` }).waitFor({ timeout: 20_000 });
      // the status badge renders with the record, which may come a moment after the heading
      await p
        .getByRole("main")
        .getByText(/^pending$/)
        .first()
        .waitFor({ timeout: 20_000 });
      expect(await field(p, "Estimated confirmation").textContent()).toMatch(/\d/);

      // the Pending tile: its list, filtered as it counts
      await p.goto(dashboard("/"));
      const tile = p.getByRole("link", { name: "Pending", exact: true });
      await tile.waitFor({ timeout: 20_000 });
      await waitFor(async () => (await tileValue(tile)) === "1", {
        timeout: 20_000,
        what: async () => `${size}: the Pending tile at 1 (it reads ${await tileValue(tile)})`,
      });
      await tile.click();
      await p.waitForURL(/\/dashboard\/contexts\?status=pending$/);
      await rowOf(p, waiting.context_id).first().waitFor({ timeout: 20_000 });
      expect(await rowOf(p, "ctx_").count()).toBe(1);
      expect(await violations(p)).toEqual([]);
    }
  } finally {
    await mining(true);
  }
  const record = await confirmed(waiting.context_id);

  for (const [size, p] of sizes) {
    await p.goto(dashboard(`/contexts/${waiting.context_id}`));
    await p
      .getByRole("main")
      .getByText(/^confirmed$/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect({ size, estimate: await field(p, "Estimated confirmation").count() }).toEqual({
      size,
      estimate: 0,
    });
    const shown = Number(await field(p, "Confirmations").textContent());
    expect(shown).toBeGreaterThanOrEqual(record.confirmations);
    // a few blocks on, the record and the list count them (the chain worker's view of the head)
    await waitFor(
      async () => {
        await p.reload();
        const now = field(p, "Confirmations");
        await now.waitFor({ timeout: 20_000 });
        return Number(await now.textContent()) >= shown + 3;
      },
      { timeout: 40_000, interval: 1_000, what: `${size}: the record's confirmations past ${shown + 2}` },
    );
    await p.goto(dashboard("/contexts"));
    await rowOf(p, waiting.context_id).first().waitFor({ timeout: 20_000 });
    expect(Number(await cellOf(p, waiting.context_id, "Confirmations"))).toBeGreaterThanOrEqual(shown + 3);

    // the Confirmed tile: every confirmed context, and only those
    await p.goto(dashboard("/"));
    const tile = p.getByRole("link", { name: "Confirmed", exact: true });
    await tile.waitFor({ timeout: 20_000 });
    const counted = await waitFor(
      async () => {
        const text = await tileValue(tile);
        return text && /^\d+$/.test(text) ? Number(text) : undefined;
      },
      { timeout: 20_000, what: "the Confirmed tile's count" },
    );
    const all = await v1<{ data: { status: string }[] }>("/contexts?status=confirmed&limit=100");
    expect(counted).toBe(all.data.length);
    await tile.click();
    await p.waitForURL(/\/dashboard\/contexts\?status=confirmed$/);
    await rowOf(p, waiting.context_id).first().waitFor({ timeout: 20_000 });
    expect(await rowOf(p, "ctx_").count()).toBe(counted);
    expect(
      await p
        .getByRole("main")
        .getByText(/^pending$/)
        .count(),
    ).toBe(0);
  }
});
