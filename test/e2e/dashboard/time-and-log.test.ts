// Issue 40 ("Hard to read") in a real browser against the real stack: times in one format with
// their zone and a UTC/local toggle that is remembered, ranges to the second (a one-minute range),
// and an agent's log newest first with its time received, its total, and a jump to a sequence or a
// time; at 1440×900 and 390×844, with axe at 0 violations.
import AxeBuilder from "@axe-core/playwright";
import { waitFor } from "@ctxlog/core/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, PHONE, signedInPage } from "./browser";
import { sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };
const AGENT = "log-reader";
// the browser's own zone: local time differs from UTC here (UTC+1 in winter, +2 in summer)
const ZONE = "Europe/Paris";

let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let key: string;
/** created_at of every entry, by sequence */
const receivedAt = new Map<number, string>();

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Retries an assertion until it holds (the page's next request and render), else fails with it. */
const settles = (assertion: () => Promise<void>) =>
  waitFor(
    async () => {
      await assertion();
      return true;
    },
    { timeout: 20_000 },
  );

async function batch(n: number, from: number) {
  const contexts = Array.from({ length: n }, (_, i) => ({
    agent_id: AGENT,
    context_data: { step: from + i },
  }));
  const res = await fetch(`${stack.origin}/v1/contexts/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ contexts }),
  });
  if (res.status !== 202) throw new Error(`batch: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startDashboardStack(), launchBrowser()]);
  ({ context, page } = await signedInPage(
    browser,
    stack,
    { userId: "usr_time_log", email: "ines@example.com", password: "correct horse battery staple" },
    WIDE,
  ));
  const api = await sessionApi(context, stack.origin);
  const created = await api.post("/keys", { type: "full", name: "time-e2e" });
  if (!created.ok()) throw new Error(`key: ${created.status()} ${await created.text()}`);
  key = ((await created.json()) as { key: string }).key;
  // 60 entries in three batches over more than two seconds: three distinct times received
  for (const from of [1, 21, 41]) {
    await batch(20, from);
    await sleep(1200);
  }
  let cursor: string | null = null;
  do {
    const res = await fetch(
      `${stack.origin}/v1/contexts?agent_id=${AGENT}&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    const body = (await res.json()) as {
      data: { sequence: number; created_at: string }[];
      next_cursor: string | null;
    };
    for (const c of body.data) receivedAt.set(c.sequence, c.created_at);
    cursor = body.next_cursor;
  } while (cursor);
  expect(receivedAt.size).toBe(60);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Every axe violation, whatever its impact, one line each. */
async function violations(p: Page) {
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(" | ")}`);
}

const overflow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** "2026-11-29 14:03:07", as the console writes a time in UTC. */
const utcText = (iso: string) => iso.slice(0, 19).replace("T", " ");

/** The sequence of the log's first entry shown (the table's first row, or the phone's first card). */
async function firstSequence(p: Page) {
  const log = p.getByRole(p.viewportSize()?.width === PHONE.width ? "list" : "table", {
    name: "Log entries",
  });
  const first =
    p.viewportSize()?.width === PHONE.width
      ? log.getByRole("listitem").first()
      : log.getByRole("row").nth(1).getByRole("cell").first();
  await first.waitFor({ timeout: 20_000 });
  const text = (await first.textContent()) ?? "";
  return Number(/\d+/.exec(text)?.[0]);
}

async function jump(p: Page, to: string) {
  const form = p.getByRole("form", { name: "Jump in the log" });
  await form.getByLabel(/^Jump to a sequence or a time/).fill(to);
  await form.getByRole("button", { name: "Jump" }).click();
}

it("the agent's log at 1440×900: newest first, times in UTC, the total, a jump to a sequence and to a time", async () => {
  await page.goto(dashboard(`/agents/${AGENT}`));
  await page.getByRole("heading", { name: `Agent ${AGENT}` }).waitFor({ timeout: 20_000 });
  await page.getByText("60 entries", { exact: true }).waitFor();
  const table = page.getByRole("table", { name: "Log entries" });
  const firstRow = table.getByRole("row").nth(1);
  await firstRow.waitFor({ timeout: 20_000 });
  const cells = await firstRow.getByRole("cell").allTextContents();
  expect(cells.slice(0, 2)).toEqual(["60", `${utcText(receivedAt.get(60) ?? "")} UTC`]);
  expect(await table.getByRole("row").count()).toBe(26); // the header and 25 entries
  await page.getByText("Entries 60 to 36 shown, of 60.").waitFor();

  await jump(page, "12");
  await page.getByText("From entry 12, newest first.").waitFor();
  await settles(async () => expect(await firstSequence(page)).toBe(12));
  expect(new URL(page.url()).searchParams.get("sequence")).toBe("12");
  await page.getByText("Entries 12 to 1 shown, of 60.").waitFor();

  // the second the first batch was received: its last entry (20) comes first
  await jump(page, utcText(receivedAt.get(20) ?? ""));
  await settles(async () => expect(await firstSequence(page)).toBe(20));
  await page.reload();
  await settles(async () => expect(await firstSequence(page)).toBe(20));

  await jump(page, "61");
  await page.getByText("The log has 60 entries.").waitFor();
  expect(await violations(page)).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole("button", { name: "Back to the newest" }).click();
  await settles(async () => expect(await firstSequence(page)).toBe(60));
});

it("a one-minute custom range is accepted and asked for to the second", async () => {
  const middle = Date.parse(receivedAt.get(30) ?? "");
  const since = new Date(Math.floor(middle / 1000) * 1000 - 30_000).toISOString();
  const until = new Date(Math.floor(middle / 1000) * 1000 + 30_000).toISOString();
  await page.goto(dashboard("/contexts"));
  await page.getByRole("table").first().waitFor({ timeout: 20_000 });
  await page
    .locator("label", { hasText: /^Custom$/ })
    .first()
    .click();
  const form = page.getByRole("form", { name: "Received: custom range" });
  await form.getByLabel("From (UTC)").fill(utcText(since));
  await form.getByLabel("To (UTC)").fill(utcText(until));
  await form.getByRole("button", { name: "Apply range" }).click();
  await settles(async () => expect(new URL(page.url()).searchParams.get("to")).toBe(until));
  expect(new URL(page.url()).searchParams.get("from")).toBe(since);
  await page.getByRole("link", { name: AGENT }).first().waitFor({ timeout: 20_000 });
  expect(await violations(page)).toEqual([]);
});

it("local time at 390×844, chosen once and remembered: the zone named, the jump read in it", async () => {
  await page.goto(dashboard(`/agents/${AGENT}`));
  await page.getByRole("heading", { name: `Agent ${AGENT}` }).waitFor({ timeout: 20_000 });
  // the phone's browser: the same session and storage, in Paris
  const phone = await browser.newContext({
    viewport: PHONE,
    timezoneId: ZONE,
    reducedMotion: "reduce",
    storageState: await context.storageState(),
  });
  try {
    const p = await phone.newPage();
    await p.goto(dashboard(`/agents/${AGENT}`));
    await p.getByRole("heading", { name: `Agent ${AGENT}` }).waitFor({ timeout: 20_000 });
    await settles(async () => expect(await firstSequence(p)).toBe(60));
    const card = p.getByRole("list", { name: "Log entries" }).getByRole("listitem").first();
    expect(await card.textContent()).toContain(`${utcText(receivedAt.get(60) ?? "")} UTC`);

    // the toggle is in the navigation, behind the menu on a phone
    await p.getByRole("button", { name: "Open navigation" }).click();
    await p.locator("label", { hasText: /^Local \(/ }).click();
    await p.getByRole("button", { name: "Close navigation" }).click();
    await settles(async () => expect(await card.textContent()).toMatch(/ (CET|CEST|GMT\+[12])/));
    const zone = /(CET|CEST|GMT\+[12])/.exec((await card.textContent()) ?? "")?.[1] ?? "";
    await p.reload();
    await settles(async () => expect(await card.textContent()).toContain(zone));

    // 20's time received, in Paris: the field says so and reads it so
    const local = await p.evaluate((iso) => {
      const d = new Date(iso);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, receivedAt.get(20) ?? "");
    await p
      .getByRole("form", { name: "Jump in the log" })
      .getByLabel(`Jump to a sequence or a time (${zone})`)
      .waitFor();
    await jump(p, local);
    await settles(async () => expect(await firstSequence(p)).toBe(20));
    expect(await violations(p)).toEqual([]);
    expect(await overflow(p)).toBeLessThanOrEqual(0);
  } finally {
    await phone.close();
  }
});
