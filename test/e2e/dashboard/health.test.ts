// Issue 40's endpoint health and small pieces in a real browser against the real stack, at 1440×900
// and 390×844, with axe at 0 violations: an endpoint whose attempt just failed reads degraded in the
// webhooks list, under its health filter and on the overview (whose tile opens that filter); its
// retrying delivery says "retrying" with the next attempt's time in the list, and "Retry now" sends
// it at once, long before that time (the retry delays are a minute here); the skip link is the
// first tab stop and lands in the page; the invitations table says it is empty; a wrong password is
// said once, at sign-in and on a password change; and context.erased is offered, from the catalog,
// in Create webhook, Test event and the events filter.
import { waitFor } from "@ctxlog/core/testing";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { rowOf, tileValue, violations } from "./page-reading";
import { type SessionApi, sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };
const EMAIL = "grace@example.com";
const PASSWORD = "correct horse battery staple";
/** the delay before every retry: a retrying delivery stays so for the whole test unless retried now */
const RETRY_DELAY_MS = 60_000;

let stack: DashboardStack;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let api: SessionApi;
/** the flaky endpoint's receiver answers 500 while this is true, 200 once it is not */
let receiverDown = true;
let flaky: Receiver;
let healthy: Receiver;
let flakyId: string;
let healthyId: string;
/** the event types of the catalog (GET /v1/event-types), in its order */
let catalog: string[];

async function json<T>(response: Awaited<ReturnType<SessionApi["get"]>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  [stack, browser, flaky, healthy] = await Promise.all([
    startDashboardStack({ WEBHOOK_RETRY_DELAYS_MS: Array(4).fill(RETRY_DELAY_MS).join(",") }),
    launchBrowser(),
    startReceiver(() => (receiverDown ? { status: 500, body: "<html>down for maintenance</html>" } : 200)),
    startReceiver(),
  ]);
  ({ context: desktop } = await signedInPage(
    browser,
    stack,
    { userId: "usr_health", email: EMAIL, password: PASSWORD },
    WIDE,
  ));
  phone = await newContext(browser, PHONE);
  await phone.addCookies(await desktop.cookies());
  api = await sessionApi(desktop, stack.origin);
  ({ webhook_id: flakyId } = await json<{ webhook_id: string }>(
    await api.post("/webhooks", {
      url: `${flaky.url}/flaky`,
      events: ["context.created"],
      description: "flaky",
    }),
  ));
  ({ webhook_id: healthyId } = await json<{ webhook_id: string }>(
    await api.post("/webhooks", {
      url: `${healthy.url}/healthy`,
      events: ["context.created", "context.erased"],
      description: "healthy",
    }),
  ));
  catalog = (await json<{ data: { type: string }[] }>(await api.get("/event-types"))).data.map((t) => t.type);
});
afterAll(async () => {
  await browser?.close();
  await flaky?.close();
  await healthy?.close();
  await stack?.close();
});

/**
 * The filtered list settles on `kept` without `gone`. The previous list stays on screen while the
 * filtered one loads (the URL changes first), so a row that both lists hold proves nothing yet:
 * wait for the whole outcome, not for its first half.
 */
async function listShows(page: Page, kept: string, gone: string): Promise<void> {
  await waitFor(
    async () => (await rowOf(page, kept).count()) > 0 && (await rowOf(page, gone).count()) === 0,
    {
      timeout: 20_000,
      what: async () =>
        `the list with ${kept} and without ${gone} (rows: ${kept} ${await rowOf(page, kept).count()}, ${gone} ${await rowOf(page, gone).count()})`,
    },
  );
}

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;

interface Delivery {
  delivery_id: string;
  status: string;
  next_attempt_at: string | null;
  attempts: number;
}

describe.each([
  ["1440×900", () => desktop],
  ["390×844", () => phone],
])("at %s", (size, browserContext) => {
  let page: Page;
  let retrying: Delivery;
  beforeAll(async () => {
    page = await browserContext().newPage();
    // a test event the receiver refuses: its delivery retries in a minute, the endpoint is degraded
    receiverDown = true;
    const { delivery_id } = await json<{ delivery_id: string }>(await api.post(`/webhooks/${flakyId}/test`));
    retrying = await waitFor(
      async () => {
        const d = await json<Delivery>(await api.get(`/webhooks/${flakyId}/deliveries/${delivery_id}`));
        return d.status === "retrying" ? d : undefined;
      },
      { timeout: 30_000, interval: 200, what: `${size}: the test delivery retrying` },
    );
  });
  afterAll(() => page?.close());

  it("a degraded endpoint reads degraded in the list, under its health filter and on the overview", async () => {
    const webhook = await json<{ health: string }>(await api.get(`/webhooks/${flakyId}`));
    expect(webhook.health).toBe("degraded");

    await page.goto(dashboard("/webhooks"));
    await rowOf(page, "flaky").first().waitFor({ timeout: 20_000 });
    expect(await rowOf(page, "flaky").getByText("degraded", { exact: true }).count()).toBe(1);
    expect(await rowOf(page, "healthy").getByText("active", { exact: true }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // the list's filter: degraded lists the flaky one only, active the healthy one only
    const filter = page.getByRole("combobox", { name: "Health" });
    await filter.selectOption("degraded");
    await page.waitForURL(/\/webhooks\?health=degraded$/);
    await listShows(page, "flaky", "healthy");
    await filter.selectOption("active");
    await page.waitForURL(/\/webhooks\?health=active$/);
    await listShows(page, "healthy", "flaky");

    // the overview counts it degraded, and its tile opens that filter
    await page.goto(dashboard("/"));
    const tile = page.getByRole("link", { name: "Webhooks degraded", exact: true });
    await tile.waitFor({ timeout: 20_000 });
    await waitFor(async () => (await tileValue(tile)) === "1", {
      timeout: 20_000,
      what: async () => `the degraded tile at 1 (it reads ${await tileValue(tile)})`,
    });
    const active = page.getByRole("link", { name: "Webhooks active", exact: true });
    expect(await tileValue(active)).toBe("1");
    expect(await violations(page)).toEqual([]);
    await tile.click();
    await page.waitForURL(/\/webhooks\?health=degraded$/);
    await listShows(page, "flaky", "healthy");
  });

  it("a retrying delivery shows retrying and its next attempt in the list, and Retry now sends it now", async () => {
    expect(retrying.next_attempt_at).not.toBeNull();
    const next = Date.parse(retrying.next_attempt_at as string);
    await page.goto(dashboard(`/webhooks/${flakyId}`));
    const row = rowOf(page, retrying.delivery_id).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByText("retrying", { exact: true }).waitFor();
    const when = row.getByText(/^next /);
    expect(await when.locator("time").getAttribute("datetime")).toBe(retrying.next_attempt_at);
    expect(await when.textContent()).toMatch(/^next \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(await row.getByText("pending", { exact: true }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    // the receiver is back: Retry now sends the next attempt at once, not in a minute
    receiverDown = false;
    const sent = flaky.requests.length;
    await row.getByRole("link", { name: retrying.delivery_id }).click();
    await page
      .getByRole("heading", { name: `Delivery ${retrying.delivery_id}` })
      .waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Retry now" }).click();
    await flaky.waitFor(sent + 1, 20_000);
    expect(flaky.requests[sent]?.at).toBeLessThan(next - 10_000);
    await page.getByRole("main").getByText("succeeded", { exact: true }).first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole("button", { name: "Retry now" }).count()).toBe(0);
    const after = await json<Delivery>(
      await api.get(`/webhooks/${flakyId}/deliveries/${retrying.delivery_id}`),
    );
    expect(after.status).toBe("succeeded");
    // and the endpoint is active again
    const webhook = await json<{ health: string }>(await api.get(`/webhooks/${flakyId}`));
    expect(webhook.health).toBe("active");
    expect(await violations(page)).toEqual([]);
  });

  it("the skip link is the first tab stop and lands in the page", async () => {
    await page.goto(dashboard("/webhooks"));
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor({ timeout: 20_000 });
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    // seen once focused (a 1 px clip before)
    const box = await skip.boundingBox();
    expect((box?.width ?? 0) > 20 && (box?.height ?? 0) > 10).toBe(true);
    // followed, the next tab stop is in the page, past the header and the menu
    await page.keyboard.press("Enter");
    await page.waitForURL(/#main$/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  it("the invitations table says it is empty", async () => {
    await page.goto(dashboard("/account"));
    await page
      .getByText("No open invitations: people you invite show here until they join.", { exact: true })
      .waitFor({ timeout: 20_000 });
    expect(await violations(page)).toEqual([]);
  });

  it("a wrong password is said once: at sign-in and on a password change", async () => {
    const said = "The email or the password is wrong.";
    const saidOnChange = "The current password is wrong.";
    const signedOut = await newContext(browser, size === "1440×900" ? WIDE : PHONE);
    try {
      const signIn = await signedOut.newPage();
      await signIn.goto(dashboard("/sign-in"));
      await signIn.getByRole("textbox", { name: "Email", exact: true }).fill(EMAIL);
      await signIn.getByRole("textbox", { name: "Password", exact: true }).fill("not the password at all");
      await signIn.getByRole("button", { name: "Sign in" }).click();
      const alert = signIn.getByRole("alert");
      await alert.waitFor({ timeout: 20_000 });
      const text = (await alert.textContent()) ?? "";
      expect(text).toContain("Not accepted");
      expect(text.split(said).length - 1).toBe(1);
      expect(text.match(/password/gi)).toHaveLength(1);
      expect(await violations(signIn)).toEqual([]);
    } finally {
      await signedOut.close();
    }

    await page.goto(dashboard("/account"));
    await page
      .getByRole("textbox", { name: "Current password", exact: true })
      .fill("not the password at all");
    await page
      .getByRole("textbox", { name: "New password", exact: true })
      .fill("a brand new passphrase here");
    await page.getByRole("button", { name: "Change password" }).click();
    const alert = page.getByRole("main").getByRole("alert");
    await alert.waitFor({ timeout: 20_000 });
    const text = (await alert.textContent()) ?? "";
    expect(text).toContain("Not accepted");
    expect(text.split(saidOnChange).length - 1).toBe(1);
    expect(text.match(/password/gi)).toHaveLength(1);
    // the session stays: still on the account page, signed in
    await page.reload();
    await page.getByRole("heading", { name: "Account", level: 1 }).waitFor({ timeout: 20_000 });
  });

  it("context.erased is offered from the catalog: Create webhook, Test event and the events filter", async () => {
    expect(catalog).toContain("context.erased");
    await page.goto(dashboard("/webhooks"));
    await page.getByRole("button", { name: "New webhook" }).click();
    const form = page.getByRole("dialog", { name: "Create a webhook" });
    const boxes = form.getByRole("group", { name: /^Events/ }).getByRole("checkbox");
    await waitFor(async () => (await boxes.count()) === catalog.length, {
      timeout: 20_000,
      what: `${size}: a checkbox per type of the catalog`,
    });
    expect(await boxes.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(
      catalog,
    );
    expect(await form.getByRole("checkbox", { name: "context.erased" }).isChecked()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await form.getByRole("button", { name: "Cancel" }).click();

    await page.goto(dashboard(`/webhooks/${healthyId}`));
    const test = page.getByRole("combobox", { name: "Test event" });
    await test.waitFor({ timeout: 20_000 });
    await waitFor(async () => (await test.locator("option").count()) === catalog.length, {
      timeout: 20_000,
      what: `${size}: the Test event options`,
    });
    const options = await test
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(catalog);
    const before = healthy.requests.length;
    await test.selectOption("context.erased");
    await page.getByRole("button", { name: "Send test event" }).click();
    await healthy.waitFor(before + 1, 20_000);
    expect(JSON.parse(healthy.requests[before]?.body ?? "{}").event).toBe("context.erased");

    await page.goto(dashboard("/events"));
    const type = page.getByRole("combobox", { name: "Type" });
    await waitFor(async () => (await type.locator("option", { hasText: "context.erased" }).count()) === 1, {
      timeout: 20_000,
      what: `${size}: context.erased in the events filter`,
    });
    await type.selectOption("context.erased");
    await page.waitForURL(/[?&]type=context\.erased/);
    // the test event just sent, as a card of that type
    await page
      .getByRole("main")
      .locator(".mantine-Badge-root", { hasText: /^context\.erased$/ })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await violations(page)).toEqual([]);
  });
});
