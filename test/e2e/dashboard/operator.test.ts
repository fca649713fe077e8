// Issue 40's operator questions in a real browser against the real stack (the API serving the built
// dashboard, both workers, anvil, PostgreSQL, Redis), at 1440×900 and 390×844: anchoring at a
// glance in the header of every page (ok, then failing when a batch fails, ok again once one
// confirms), what anchoring costs (the overview's section, a context's gas line), and a trace as a
// waterfall with each span's duration. axe finds no violation on these pages at either size.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { newId } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(240_000);

const WIDE = { width: 1440, height: 900 };
let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let phone: Page;
let key: string;
const traceId = randomBytes(16).toString("hex");

beforeAll(async () => {
  [stack, browser] = await Promise.all([startDashboardStack(), launchBrowser()]);
  ({ context, page } = await signedInPage(
    browser,
    stack,
    { userId: "usr_operator", email: "grace@example.com", password: "correct horse battery staple" },
    WIDE,
  ));
  const api = await sessionApi(context, stack.origin);
  const created = await api.post("/keys", { type: "full", name: "operator-e2e" });
  if (!created.ok()) throw new Error(`key: ${created.status()} ${await created.text()}`);
  key = ((await created.json()) as { key: string }).key;
  const small = await newContext(browser, PHONE);
  await small.addCookies(await context.cookies());
  phone = await small.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;
const v1 = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.origin}/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
  });

/** Every axe violation (any impact), one line each. */
async function violations(p: Page) {
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`,
  );
}

/** How far the page is wider than its viewport (0: no sideways scroll). */
const overflow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function confirmed(ids: string[]) {
  await waitFor(
    async () => {
      const states = await Promise.all(
        ids.map(async (id) => ((await (await v1(`/contexts/${id}`)).json()) as { status: string }).status),
      );
      return states.every((s) => s === "confirmed");
    },
    { timeout: 60_000, interval: 500, what: "the contexts confirmed" },
  );
}

/** An agent run over OTLP/JSON: invoke_agent (1.5 s) → chat (800 ms) → execute_tool (450 ms, failing). */
async function sendAgentRun(): Promise<void> {
  const ids = [randomBytes(8), randomBytes(8), randomBytes(8)].map((b) => b.toString("hex"));
  const t0 = BigInt(Date.now()) * 1_000_000n;
  const span = (i: number, name: string, parent: string | null, ms: [number, number], code: number) => ({
    traceId,
    spanId: ids[i],
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 1,
    startTimeUnixNano: String(t0 + BigInt(ms[0]) * 1_000_000n),
    endTimeUnixNano: String(t0 + BigInt(ms[1]) * 1_000_000n),
    attributes: [{ key: "gen_ai.operation.name", value: { stringValue: name.split(" ")[0] } }],
    status: { code },
  });
  const res = await v1("/otel/v1/traces", {
    method: "POST",
    body: JSON.stringify({
      resourceSpans: [
        {
          resource: { attributes: [{ key: "ctxlog.agent_id", value: { stringValue: "operator-agent" } }] },
          scopeSpans: [
            {
              scope: { name: "e2e" },
              spans: [
                span(0, "invoke_agent operator", null, [0, 1500], 0),
                span(1, "chat gpt-4o", ids[0] ?? null, [100, 900], 0),
                span(2, "execute_tool search", ids[1] ?? null, [950, 1400], 2),
              ],
            },
          ],
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
}

it("anchoring at a glance: in the header of every page, failing after a failed batch, ok once one confirms", async () => {
  const batch = await v1("/contexts/batch", {
    method: "POST",
    body: JSON.stringify({
      contexts: Array.from({ length: 4 }, (_, n) => ({ agent_id: "operator", context_data: { n } })),
    }),
  });
  expect(batch.status).toBe(202);
  const ids = ((await batch.json()) as { data: { context_id: string }[] }).data.map((c) => c.context_id);
  await confirmed(ids);

  for (const p of [page, phone]) {
    await p.goto(dashboard("/contexts"));
    const glance = p
      .getByRole("banner")
      .getByRole("link", { name: /^Anchoring ok: last batch confirmed .+ ago/ });
    await glance.waitFor({ timeout: 20_000 });
    expect(await glance.getAttribute("data-anchoring")).toBe("ok");
  }
  // wide, the last batch and the lag are written out; on a phone, the state alone
  expect(
    await page
      .getByRole("banner")
      .getByText(/^last .+ ago · lag \d+ s$/)
      .isVisible(),
  ).toBe(true);
  expect(
    await phone
      .getByRole("banner")
      .getByText(/^last .+ ago · lag/)
      .isVisible(),
  ).toBe(false);

  // the newest batch to end failed (the anchor key ran dry, say): failing, here and on the overview
  await stack.database.db.$executeRaw`
    INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
      status, failure_reason, failed_at, updated_at)
    VALUES (${newId("anc")}, '0xs', 31337, 'anvil', '0xr', decode(repeat('ab', 32), 'hex'), 1, 'failed', 'insufficient_gas', now(), now())`;
  await page.goto(dashboard("/"));
  await page.getByRole("banner").locator('[data-anchoring="failing"]').waitFor({ timeout: 20_000 });
  await page.getByRole("alert").filter({ hasText: "Anchoring is failing: the last batch failed" }).waitFor();
  expect(await page.getByRole("alert").filter({ hasText: "insufficient_gas" }).count()).toBe(1);

  // a batch confirms again: ok (the header asks once a minute; a reload asks now)
  const again = await v1("/contexts", {
    method: "POST",
    body: JSON.stringify({ agent_id: "operator", context_data: {} }),
  });
  await confirmed([((await again.json()) as { context_id: string }).context_id]);
  await page.reload();
  await page.getByRole("banner").locator('[data-anchoring="ok"]').waitFor({ timeout: 20_000 });
});

it("what anchoring costs: the overview's section, and a context's gas as its batch's share", async () => {
  await page.goto(dashboard("/?range=24h"));
  const costs = page.getByRole("heading", { name: /^What anchoring costs, / });
  await costs.waitFor({ timeout: 20_000 });
  const section = page.locator(".mantine-Paper-root").filter({ has: costs });
  const field = (label: string) =>
    section.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
  await waitFor(async () => (await field("Contexts anchored").textContent()) === "5", {
    timeout: 20_000,
    what: "the five contexts counted",
  });
  expect(await field("Gas (your share)").textContent()).toMatch(/^[\d,]+ gas$/);
  expect(await field("Fee (your share)").textContent()).toMatch(/^[\d,.]+ (gwei|ETH|wei)$/);
  expect(await field("Per context").textContent()).toMatch(/^[\d,]+ gas · [\d,.]+ (gwei|ETH|wei)$/);
  const today = new Date().toISOString().slice(0, 10);
  const table = section.getByRole("table", { name: "Anchoring costs per day" });
  await table.getByRole("cell", { name: today, exact: true }).waitFor();

  const list = await (await v1("/contexts?agent_id=operator&limit=1")).json();
  const id = (list as { data: { context_id: string }[] }).data[0]?.context_id as string;
  await page.goto(dashboard(`/contexts/${id}`));
  const gas = page.locator("dt", { hasText: /^Gas used$/ }).locator("xpath=following-sibling::dd");
  await gas.waitFor({ timeout: 20_000 });
  expect(await gas.textContent()).toMatch(
    /^[\d,]+ gas for its batch of (1 context \(.+\)|[\d,]+ contexts \(≈ [\d,]+ gas and [\d,.]+ (gwei|ETH|wei) per context\))$/,
  );
});

it("a trace is a waterfall: each span's bar and duration, nested, an error badge only on the failing span", async () => {
  await sendAgentRun();
  const res = await v1(`/contexts?trace_id=${traceId}&limit=10`);
  const spans = ((await res.json()) as { data: { context_id: string; context_data: { name: string } }[] })
    .data;
  const root = spans.find((s) => s.context_data.name === "invoke_agent operator")?.context_id as string;
  for (const p of [page, phone]) {
    await p.goto(dashboard(`/contexts/${root}`));
    const tree = p.getByRole("list", { name: "Spans of the trace" });
    await tree.waitFor({ timeout: 20_000 });
    const items = tree.getByRole("listitem");
    await waitFor(async () => (await items.count()) === 3, { timeout: 20_000, what: "three spans" });
    expect(await items.evaluateAll((li) => li.map((el) => el.getAttribute("data-depth")))).toEqual([
      "0",
      "1",
      "2",
    ]);
    const texts = await items.allTextContents();
    expect(texts.map((t) => t.match(/(\d+(\.\d+)?) (ms|s)$/)?.[0])).toEqual(["1.5 s", "800 ms", "450 ms"]);
    expect(await tree.getByText("error", { exact: true }).count()).toBe(1);
    expect(await tree.getByText(/^(unset|ok)$/).count()).toBe(0);
    // the bars: placed by start, as long as the span, on the trace's 1.5 s
    const bars = await tree
      .locator("[data-bar]")
      .evaluateAll((els) =>
        els.map((el) => [(el as HTMLElement).style.left, (el as HTMLElement).style.width]),
      );
    expect(bars).toEqual([
      ["0%", "100%"],
      ["6.66%", "53.33%"],
      ["63.33%", "30%"],
    ]);
    await p.getByText(/3 spans over 1\.5 s/).waitFor();
  }
});

it("no axe violation and no sideways scroll on the overview, a context and a trace, at 1440×900 and 390×844", async () => {
  const list = await (await v1(`/contexts?trace_id=${traceId}&limit=1`)).json();
  const span = (list as { data: { context_id: string }[] }).data[0]?.context_id as string;
  const found: Record<string, string[]> = {};
  for (const [name, path, ready] of [
    ["overview", "/?range=24h", /^What anchoring costs, /],
    ["span", `/contexts/${span}`, /^Trace$/],
  ] as const) {
    for (const [size, p] of [
      ["1440×900", page],
      ["390×844", phone],
    ] as const) {
      await p.goto(dashboard(path));
      await p.getByRole("heading", { name: ready }).waitFor({ timeout: 20_000 });
      await p.getByRole("banner").locator("[data-anchoring]").waitFor({ timeout: 20_000 });
      const problems = await violations(p);
      const wide = await overflow(p);
      if (wide > 0) problems.push(`overflows by ${wide}px`);
      if (problems.length) found[`${name} at ${size}`] = problems;
    }
  }
  expect(found).toEqual({});
});
