// Issues 24 and 26 in a real browser against the real stack (the API serving the built dashboard,
// both workers, anvil, PostgreSQL, Redis): an agent's OTLP traces listed on its page and opened as
// a tree, and a custom time range that changes the overview's chart and the agents list.
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, PHONE, signedInPage } from "./browser";
import { sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let key: string;
const AGENT = "otel-planner";
const traceId = randomBytes(16).toString("hex");

beforeAll(async () => {
  [stack, browser] = await Promise.all([startDashboardStack(), launchBrowser()]);
  ({ context, page } = await signedInPage(browser, stack, {
    userId: "usr_traces",
    email: "lin@example.com",
    password: "correct horse battery staple",
  }));
  const api = await sessionApi(context, stack.origin);
  const created = await api.post("/keys", { type: "full", name: "otel-e2e" });
  if (!created.ok()) throw new Error(`key: ${created.status()} ${await created.text()}`);
  key = ((await created.json()) as { key: string }).key;
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;

/** An agent run as an OTLP/JSON export: invoke_agent → chat → execute_tool, the tool failing. */
async function sendAgentRun() {
  const ids = [randomBytes(8), randomBytes(8), randomBytes(8)].map((b) => b.toString("hex"));
  const t0 = BigInt(Date.now()) * 1_000_000n;
  const span = (i: number, name: string, parent: string | null, ms: [number, number], error = false) => ({
    traceId,
    spanId: ids[i],
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 1,
    startTimeUnixNano: String(t0 + BigInt(ms[0]) * 1_000_000n),
    endTimeUnixNano: String(t0 + BigInt(ms[1]) * 1_000_000n),
    attributes: [
      { key: "gen_ai.operation.name", value: { stringValue: name.split(" ")[0] } },
      { key: "gen_ai.request.model", value: { stringValue: "gpt-4o" } },
    ],
    status: { code: error ? 2 : 1 },
  });
  const body = {
    resourceSpans: [
      {
        resource: { attributes: [{ key: "ctxlog.agent_id", value: { stringValue: AGENT } }] },
        scopeSpans: [
          {
            scope: { name: "e2e" },
            spans: [
              span(0, "invoke_agent planner", null, [0, 1500]),
              span(1, "chat gpt-4o", ids[0] ?? null, [100, 900]),
              span(2, "execute_tool search", ids[1] ?? null, [950, 1400], true),
            ],
          },
        ],
      },
    ],
  };
  const res = await fetch(`${stack.origin}/v1/otel/v1/traces`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { partialSuccess?: unknown }).partialSuccess ?? {}).toEqual({});
}

it("an agent's page lists its traces, and a trace opens as a tree", async () => {
  await sendAgentRun();
  await page.goto(dashboard(`/agents/${AGENT}`));
  await page.getByRole("heading", { name: `Agent ${AGENT}` }).waitFor({ timeout: 20_000 });
  const table = page.getByRole("table", { name: "Traces" });
  const row = table.getByRole("row").filter({ hasText: traceId });
  await row.waitFor({ timeout: 20_000 });
  const cells = await row.getByRole("cell").allTextContents();
  expect(cells).toEqual([
    "invoke_agent planner",
    traceId,
    "3",
    expect.stringMatching(/\d/),
    "1.5 s",
    "gpt-4o", // the models the spans name; they carry no token count
    "—",
    "1 error",
  ]);
  await row.getByRole("link", { name: "invoke_agent planner" }).click();
  await page.getByRole("heading", { name: /^Context ctx_/ }).waitFor();
  const tree = page.getByRole("list", { name: "Spans of the trace" });
  await tree.waitFor({ timeout: 20_000 });
  for (const name of ["invoke_agent planner", "chat gpt-4o", "execute_tool search"]) {
    await tree.getByText(name, { exact: true }).first().waitFor();
  }
});

/** The search box of the page's header: types `q` and presses Enter. */
async function search(p: Page, q: string) {
  const box = p.getByRole("textbox", { name: "Search" });
  await box.fill(q);
  await box.press("Enter");
}

it("the search box finds a trace by its id and an agent by the start of its id (both sizes)", async () => {
  const phone = await browser.newContext({
    viewport: PHONE,
    reducedMotion: "reduce",
    storageState: await context.storageState(),
  });
  try {
    for (const p of [page, await phone.newPage()]) {
      await p.goto(dashboard("/"));
      // a trace id (any case) opens the trace's first context, whose page draws the trace
      await search(p, traceId.toUpperCase());
      await p.getByRole("heading", { name: /^Context ctx_/ }).waitFor({ timeout: 20_000 });
      await p.getByRole("list", { name: "Spans of the trace" }).waitFor({ timeout: 20_000 });
      // the start of an agent's id, case aside: its only match opens the agent's page
      await search(p, "OTEL-PLAN");
      await p.getByRole("heading", { name: `Agent ${AGENT}` }).waitFor({ timeout: 20_000 });
      expect(new URL(p.url()).pathname).toBe(`/dashboard/agents/${AGENT}`);
    }
  } finally {
    await phone.close();
  }
});

/** A date field's text for a time: "2026-11-26 09:05:00", in UTC (the console's zone until one picks local). */
function inputText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

async function applyCustom(group: string, from: number, to: number) {
  await page
    .locator("label", { hasText: /^Custom$/ })
    .first()
    .click();
  const form = page.getByRole("form", { name: `${group}: custom range` });
  await form.getByLabel("From").fill(inputText(from));
  await form.getByLabel("To").fill(inputText(to));
  await form.getByRole("button", { name: "Apply range" }).click();
}

it("a custom range changes the overview's chart and survives a reload", async () => {
  await page.goto(dashboard("/"));
  const chart = page.getByRole("img", { name: /^Contexts received per / });
  await chart.waitFor({ timeout: 20_000 });
  // the spans were received in the last hour: a custom window around now counts them
  await applyCustom("Overview range", Date.now() - 30 * 60_000, Date.now() + 5 * 60_000);
  const now = page.getByRole("img", { name: /^Contexts received per minute, .+ to .+: [1-9]\d* in total/ });
  await now.waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get("range")).toBe("custom");

  // a week in 2020: nothing
  const past = Date.parse("2020-03-02T00:00:00Z");
  await applyCustom("Overview range", past, past + 7 * 86_400_000);
  const empty = page.getByRole("img", { name: /^Contexts received per 3 hours, .+ to .+: 0 in total/ });
  await empty.waitFor({ timeout: 20_000 });
  await page.reload();
  await empty.waitFor({ timeout: 20_000 });

  // checked before it applies: an end before the start is refused in words
  await applyCustom("Overview range", past, past - 86_400_000);
  await page.getByText("The end must be after the start.").waitFor();
  await empty.waitFor();
});

it("a custom range changes the agents list", async () => {
  await page.goto(dashboard("/agents"));
  const link = page.getByRole("link", { name: AGENT });
  await link.waitFor({ timeout: 20_000 });
  const past = Date.parse("2020-03-02T00:00:00Z");
  await applyCustom("Active", past, past + 86_400_000);
  await page.getByText("No agent logged a context in this range.").waitFor({ timeout: 20_000 });
  expect(await link.count()).toBe(0);
  await applyCustom("Active", Date.now() - 60 * 60_000, Date.now() + 5 * 60_000);
  await link.waitFor({ timeout: 20_000 });
  await page.reload();
  await link.waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get("range")).toBe("custom");
});
