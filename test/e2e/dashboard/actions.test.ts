// Issue 40 ("Dangerous actions", the webhook page, the agent picker) in a real browser against the
// real stack: "Erase agent data" says how many contexts it erases and waits for the agent id; the
// only person who can sign in is offered neither Disable nor Remove; the webhook page is headed by
// its URL (wrapping on a phone) with disable/rotate/delete apart from Edit; "Create webhook" takes
// a rate limit and a secret of one's own; the contexts filter picks among the user's agents. At
// 1440×900 and 390×844, with axe at 0 violations.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, PHONE, signedInPage } from "./browser";
import { sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };
const EMAIL = "olga@example.com";
const AGENTS = ["eraser-1", "eraser-2", "support-bot"];
// long, with few break opportunities: it must wrap at its slashes on a phone, not widen the page
const URL_OF_HOOK =
  "http://127.0.0.1:9/hooks/ctxlog/customer-support-production/receive?tenant=acme-industries";
const OWN_SECRET = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;

let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;

/** Every axe violation, whatever its impact, one line each. */
async function violations(p: Page) {
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(" | ")}`);
}
const overflow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  [stack, browser] = await Promise.all([startDashboardStack(), launchBrowser()]);
  ({ context, page } = await signedInPage(
    browser,
    stack,
    { userId: "usr_actions", email: EMAIL, password: "correct horse battery staple" },
    WIDE,
  ));
  const api = await sessionApi(context, stack.origin);
  const created = await api.post("/keys", { type: "full", name: "actions-e2e" });
  if (!created.ok()) throw new Error(`key: ${created.status()} ${await created.text()}`);
  const { key } = (await created.json()) as { key: string };
  // eraser-1 gets 3 contexts, the others one each
  const contexts = [...AGENTS, "eraser-1", "eraser-1"].map((agent_id, step) => ({
    agent_id,
    context_data: { step },
  }));
  const res = await fetch(`${stack.origin}/v1/contexts/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ contexts }),
  });
  if (res.status !== 202) throw new Error(`batch: ${res.status} ${await res.text()}`);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function phonePage() {
  const phone = await browser.newContext({
    viewport: PHONE,
    reducedMotion: "reduce",
    storageState: await context.storageState(),
  });
  return { phone, p: await phone.newPage() };
}

it("the only person who can sign in is offered neither Disable nor Remove (both sizes)", async () => {
  await page.goto(dashboard("/account"));
  await page.getByText("The only person who can sign in").waitFor({ timeout: 20_000 });
  const people = page.getByRole("table").filter({ hasText: EMAIL }).first();
  expect(await people.getByRole("button", { name: "Disable" }).count()).toBe(0);
  expect(await people.getByRole("button", { name: "Remove" }).count()).toBe(0);
  expect(await violations(page)).toEqual([]);

  const { phone, p } = await phonePage();
  try {
    await p.goto(dashboard("/account"));
    await p.getByText("The only person who can sign in").waitFor({ timeout: 20_000 });
    expect(await p.getByRole("button", { name: /^(Disable|Remove)$/ }).count()).toBe(0);
    expect(await violations(p)).toEqual([]);
  } finally {
    await phone.close();
  }
});

it("Erase agent data says how many contexts, and waits for the agent id (phone, then wide)", async () => {
  const { phone, p } = await phonePage();
  try {
    await p.goto(dashboard("/agents/eraser-2"));
    await p.getByRole("button", { name: "Erase agent data" }).click({ timeout: 20_000 });
    const dialog = p.getByRole("dialog", { name: "Erase the data of every context of eraser-2?" });
    await dialog.getByText(/of all 1 context of this agent are deleted/).waitFor();
    expect(await violations(p)).toEqual([]);
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  } finally {
    await phone.close();
  }

  await page.goto(dashboard("/agents/eraser-1"));
  await page.getByRole("button", { name: "Erase agent data" }).click({ timeout: 20_000 });
  const dialog = page.getByRole("dialog", { name: "Erase the data of every context of eraser-1?" });
  const go = dialog.getByRole("button", { name: "Erase the data of all 3 contexts" });
  expect(await go.isDisabled()).toBe(true);
  await dialog.getByLabel("Type eraser-1 to confirm").fill("eraser-");
  expect(await go.isDisabled()).toBe(true);
  expect(await violations(page)).toEqual([]);
  await dialog.getByLabel("Type eraser-1 to confirm").fill("eraser-1");
  await go.click();
  await page.getByText("Erased the data of 3 contexts of eraser-1.").waitFor({ timeout: 20_000 });
});

it("Create webhook takes a rate limit and a secret of one's own, checked as the API checks them", async () => {
  await page.goto(dashboard("/webhooks"));
  await page.getByRole("button", { name: "New webhook" }).click({ timeout: 20_000 });
  const dialog = page.getByRole("dialog", { name: "Create a webhook" });
  await dialog.getByRole("textbox", { name: "URL" }).fill(URL_OF_HOOK);
  const rate = dialog.getByRole("textbox", { name: /^Rate limit/ });
  await rate.fill("20000");
  await dialog.getByText(/A whole number of deliveries per second from 1 to 10,000/).waitFor();
  await dialog.getByLabel(/^Signing secret/).fill("too short");
  await dialog.getByText(/^Use whsec_<base64> or 32–256 printable ASCII/).waitFor();
  expect(await dialog.getByRole("button", { name: "Create webhook" }).isDisabled()).toBe(true);
  expect(await violations(page)).toEqual([]);

  await rate.fill("25");
  await dialog.getByLabel(/^Signing secret/).fill(OWN_SECRET);
  await dialog.getByRole("button", { name: "Create webhook" }).click();
  const shown = page.getByRole("dialog", { name: "The webhook's signing secret" });
  await shown.getByText(OWN_SECRET).waitFor({ timeout: 20_000 });
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await page.getByRole("link", { name: URL_OF_HOOK }).click();
  await page.getByText("25 deliveries/s").waitFor({ timeout: 20_000 });
  expect(await violations(page)).toEqual([]);
});

it("the webhook page: headed by its URL, destructive actions apart from Edit, each confirmed (both sizes)", async () => {
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.textContent()).toBe(URL_OF_HOOK);
  const zone = page.locator("div", { has: page.getByRole("heading", { name: "Danger zone" }) }).last();
  for (const name of ["Disable", "Rotate secret", "Delete"]) {
    await zone.getByRole("button", { name }).waitFor();
  }
  expect(await zone.getByRole("button", { name: "Edit" }).count()).toBe(0);
  await zone.getByRole("button", { name: "Disable" }).click();
  const confirm = page.getByRole("dialog", { name: "Disable this webhook?" });
  await confirm.waitFor();
  expect(await violations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Disable webhook" }).click();
  await page.getByText("Disabled: nothing is sent to this endpoint").waitFor({ timeout: 20_000 });
  await page.getByRole("button", { name: "Enable" }).click();
  await zone.getByRole("button", { name: "Disable" }).waitFor({ timeout: 20_000 });
  const webhookPath = new URL(page.url()).pathname.replace(/^\/dashboard/, "");

  const { phone, p } = await phonePage();
  try {
    await p.goto(dashboard(webhookPath));
    const h1 = p.getByRole("heading", { level: 1 });
    await h1.waitFor({ timeout: 20_000 });
    await p.getByRole("heading", { name: "Danger zone" }).waitFor({ timeout: 20_000 });
    expect(await h1.textContent()).toBe(URL_OF_HOOK);
    // wrapped onto several lines, none of it past the screen's edge
    const box = await h1.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(60);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    // its events wrap between names, never inside one ("c / ontext.erased" with break-all)
    const events = await lineBreaksOf(p, "Events");
    expect(events.lines).toBeGreaterThan(1);
    expect(events.insideWords).toEqual([]);
    expect(await violations(p)).toEqual([]);
  } finally {
    await phone.close();
  }
});

/**
 * Where a field's value (a FieldList's dd after the dt `label`) wraps: its number of lines, and
 * each wrap that falls inside a word (neither side a space), with the text around it.
 */
function lineBreaksOf(p: Page, label: string) {
  return p.evaluate((name) => {
    const dt = [...document.querySelectorAll("dt")].find((d) => d.textContent === name);
    const text = dt?.nextElementSibling?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error(`no text for ${name}`);
    const value = text.textContent ?? "";
    const range = document.createRange();
    const insideWords: string[] = [];
    let lines = 0;
    let top: number | null = null;
    for (let i = 0; i < value.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      if (top === null || box.top > top + 1) {
        lines++;
        if (top !== null && value[i - 1] !== " " && value[i] !== " ")
          insideWords.push(value.slice(i - 8, i + 8));
      }
      top = box.top;
    }
    return { lines, insideWords };
  }, label);
}

it("the contexts page's agent filter picks among the user's agents, free text still allowed (both sizes)", async () => {
  await page.goto(dashboard("/contexts"));
  const agent = page.getByRole("textbox", { name: "Agent" }).or(page.getByLabel("Agent", { exact: true }));
  await agent.first().fill("eras");
  await page.getByRole("option", { name: "eraser-2" }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole("option", { name: "support-bot" }).count()).toBe(0);
  expect(await violations(page)).toEqual([]);
  await page.getByRole("option", { name: "eraser-2" }).click();
  await page.waitForURL(/agent_id=eraser-2/);

  const { phone, p } = await phonePage();
  try {
    await p.goto(dashboard("/contexts"));
    const field = p.getByLabel("Agent", { exact: true }).first();
    await field.fill("support");
    await p.getByRole("option", { name: "support-bot" }).waitFor({ timeout: 20_000 });
    expect(await violations(p)).toEqual([]);
    await field.fill("not-listed-agent");
    await field.press("Enter");
    await p.waitForURL(/agent_id=not-listed-agent/);
    await p.getByText("No contexts match.").first().waitFor({ timeout: 20_000 });
    expect(await overflow(p)).toBeLessThanOrEqual(0);
  } finally {
    await phone.close();
  }
});
