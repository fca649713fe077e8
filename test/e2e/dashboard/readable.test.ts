// Issue 40's "hard to read" in a real browser against the real stack, at 1440×900 and 390×844: a
// 64 KiB context's data in a viewer that opens its first levels only, searches, wraps and copies;
// hashes shortened with their full value on hover and in the copy; every id a link to its page
// (an event's context and agent, a delivery's endpoint and event). Axe finds nothing on each page.
import AxeBuilder from "@axe-core/playwright";
import { waitFor } from "@ctxlog/core/testing";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import type { APIResponse, Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { type SessionApi, sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };
const AGENT = "reader-1";

let stack: DashboardStack;
let browser: Browser;
let receiver: Receiver;
let desktop: BrowserContext;
let phone: BrowserContext;
let api: SessionApi;
let context: { context_id: string; context_hash: string; context_data: unknown };

async function json<T>(res: APIResponse): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** About 64 KiB over four levels; one record, deep and past the first hundred, says "needle". */
function bigData() {
  const records = Array.from({ length: 320 }, (_, i) => ({
    step: i,
    tool: `tool-${i % 7}`,
    output: { text: `result ${i} `.padEnd(150, "x"), tokens: i * 3 },
  }));
  (records[250] as (typeof records)[number]).output.text = "the needle is here";
  return { run: "nightly", summary: "a long line ".repeat(30), records };
}

beforeAll(async () => {
  [stack, browser, receiver] = await Promise.all([startDashboardStack(), launchBrowser(), startReceiver()]);
  ({ context: desktop } = await signedInPage(
    browser,
    stack,
    { userId: "readable", email: "grace@example.com", password: "correct horse battery staple" },
    WIDE,
  ));
  phone = await newContext(browser, PHONE);
  await phone.addCookies(await desktop.cookies());
  for (const c of [desktop, phone]) {
    await c.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.origin });
  }
  api = await sessionApi(desktop, stack.origin);
  await json(await api.post("/webhooks", { url: `${receiver.url}/readable`, events: ["context.created"] }));
  const { context_id } = await json<{ context_id: string }>(
    await api.post("/contexts", { agent_id: AGENT, context_data: bigData(), metadata: { run: 7 } }),
  );
  context = await json(await api.get(`/contexts/${context_id}`));
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await stack?.close();
});

const dashboard = (path: string) => `${stack.origin}/dashboard${path}`;

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 120))[0]}`,
  );
}

/** How far the page is wider than its viewport (it would scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe.each([
  ["1440×900", () => desktop],
  ["390×844", () => phone],
])("at %s", (_size, browserContext) => {
  let page: Page;
  beforeAll(async () => {
    page = await browserContext().newPage();
  });
  afterAll(() => page?.close());

  it("a 64 KiB context's data opens its first levels, searches, collapses, wraps and copies", async () => {
    await page.goto(dashboard(`/contexts/${context.context_id}`));
    const viewer = page.getByRole("group", { name: "Context data", exact: true });
    await viewer.waitFor({ timeout: 20_000 });
    const bytes = Buffer.byteLength(JSON.stringify(context.context_data));
    expect(bytes).toBeGreaterThan(60_000);
    await page.getByText(`(${bytes.toLocaleString("en-US")} bytes)`, { exact: false }).waitFor();
    // the root and its records open, each record closed, a hundred of them drawn
    expect(await viewer.locator(".json-line").count()).toBeLessThan(120);
    expect(await viewer.getByText("needle").count()).toBe(0);

    await page.getByRole("searchbox", { name: "Search Context data" }).fill("needle");
    await page.getByText("1 of 1", { exact: true }).waitFor();
    const mark = viewer.locator("mark", { hasText: "needle" });
    expect(await mark.isVisible()).toBe(true);
    expect(await mark.evaluate((el) => el.closest("div")?.textContent)).toBe('"text": "the needle is here",');

    await page.getByRole("button", { name: "Collapse records", exact: true }).click();
    expect(await viewer.textContent()).toContain('"records": […] 320 items');
    await page.getByRole("button", { name: "Expand records", exact: true }).click();

    // unwrapped, the long summary runs past the box, which scrolls sideways; wrapped, it does not
    const scrolls = () => viewer.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(await scrolls()).toBe(false);
    await page.getByRole("switch", { name: "Wrap lines" }).first().uncheck();
    expect(await scrolls()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Copy JSON of Context data" }).click();
    await waitFor(async () => (await clipboard(page)).length > 0, { timeout: 5_000, what: "the copy" });
    expect(JSON.parse(await clipboard(page))).toEqual(context.context_data);
    expect(await violations(page)).toEqual([]);
  });

  it("hashes are short, whole on hover and in the copy", async () => {
    await page.goto(dashboard(`/contexts/${context.context_id}`));
    const { context_hash: hash } = context;
    const short = page.getByText(`${hash.slice(0, 6)}…${hash.slice(-4)}`, { exact: true });
    await short.waitFor({ timeout: 20_000 });
    expect(await short.getAttribute("title")).toBe(hash);
    await page.getByRole("button", { name: "Copy context hash" }).click();
    await waitFor(async () => (await clipboard(page)) === hash, { timeout: 5_000, what: "the hash copied" });
    await page.getByRole("button", { name: "Copy context id" }).click();
    await waitFor(async () => (await clipboard(page)) === context.context_id, {
      timeout: 5_000,
      what: "the context id copied",
    });
  });

  it("ids link to their pages: an event's context and agent, a delivery's endpoint and event", async () => {
    await waitFor(
      async () => {
        const events = await json<{ data: { deliveries: { status: string }[] }[] }>(
          await api.get("/events?type=context.created&limit=5"),
        );
        return events.data[0]?.deliveries.some((d) => d.status === "succeeded") ?? false;
      },
      { timeout: 30_000, what: "the context.created event delivered" },
    );
    await page.goto(dashboard("/events?type=context.created"));
    const contextLink = page.getByRole("link", { name: context.context_id, exact: true }).first();
    await contextLink.waitFor({ timeout: 20_000 });
    expect(await contextLink.getAttribute("href")).toBe(`/dashboard/contexts/${context.context_id}`);
    expect(await page.getByRole("link", { name: AGENT, exact: true }).first().getAttribute("href")).toBe(
      `/dashboard/agents/${AGENT}`,
    );
    const endpoint = page.getByRole("link", { name: `${receiver.url}/readable`, exact: true }).first();
    await endpoint.waitFor({ timeout: 20_000 });
    expect(await violations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole("link", { name: /^dlv_/ }).first().click();
    await page.getByRole("heading", { name: /^Delivery dlv_/ }).waitFor({ timeout: 20_000 });
    await page
      .getByRole("link", { name: `${receiver.url}/readable`, exact: true })
      .waitFor({ timeout: 20_000 });
    await page.getByRole("group", { name: "Payload", exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const eventLink = page.getByRole("link", { name: /^evt_/ });
    const eventId = (await eventLink.textContent()) ?? "";
    await eventLink.click();
    await page.getByRole("heading", { name: `Event ${eventId}` }).waitFor({ timeout: 20_000 });
    await page.getByRole("group", { name: `Payload of ${eventId}`, exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
