// Issue 26's journeys in a real browser against the real stack (the API serving the built
// dashboard, both workers, anvil, PostgreSQL, Redis, loopback receivers): what a delivery sent and
// got back; an agent's audit in the browser, the chain's checks and the log's (entries_in_log in
// the API's own transparency log) at 1440×900 and 390×844 with axe at 0 violations.
import { waitFor } from "@ctxlog/core/testing";
import { generateNoteKey } from "@ctxlog/tlog";
import { type ReceivedRequest, type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import { Client } from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { cellOf, violations } from "./page-reading";
import { type SessionApi, sessionApi } from "./session-api";
import { type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };

let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: SessionApi;
let receiver: Receiver;
const RECEIVER_ERROR = '{"error":"the receiver\'s database is down","trace":"tr-8841"}';

beforeAll(async () => {
  [stack, browser, receiver] = await Promise.all([
    startDashboardStack(),
    launchBrowser(),
    startReceiver((_req: ReceivedRequest) => ({
      status: 500,
      headers: { "content-type": "application/json", "x-receiver": "console-e2e" },
      body: RECEIVER_ERROR,
    })),
  ]);
  ({ context, page } = await signedInPage(browser, stack, {
    userId: "usr_console",
    email: "grace@example.com",
    password: "correct horse battery staple",
  }));
  api = await sessionApi(context, stack.origin);
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await stack?.close();
});

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;

const overflow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function json<T>(response: Awaited<ReturnType<SessionApi["get"]>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

it("a delivery to a receiver that answers 500 with a body shows that body, the request's headers and the payload", async () => {
  const { webhook_id } = await json<{ webhook_id: string }>(
    await api.post("/webhooks", { url: `${receiver.url}/fails`, events: ["context.created"] }),
  );
  const { delivery_id } = await json<{ delivery_id: string }>(await api.post(`/webhooks/${webhook_id}/test`));
  await receiver.waitFor(1, 20_000);
  await page.goto(dashboard(`/webhooks/${webhook_id}/deliveries/${delivery_id}`));
  await page.getByRole("heading", { name: `Delivery ${delivery_id}` }).waitFor();
  // the latest attempt is open: its response body as the receiver sent it (shown indented)
  const body = page.getByLabel(/^Response body of attempt 1\.\d$/).first();
  await body.waitFor({ timeout: 20_000 });
  await waitFor(async () => (await body.textContent())?.includes("the receiver's database is down"), {
    timeout: 20_000,
    what: async () => `the response body (now ${await body.textContent()})`,
  });
  expect(JSON.parse((await body.textContent()) ?? "")).toEqual(JSON.parse(RECEIVER_ERROR));
  const responseHeaders = page.getByLabel(/^Response headers of attempt 1\.\d$/).first();
  expect(await responseHeaders.textContent()).toContain("x-receiver: console-e2e");
  const requestHeaders = page.getByLabel(/^Request headers of attempt 1\.\d$/).first();
  const shownHeaders = (await requestHeaders.textContent()) ?? "";
  // one of the receiver's requests carried exactly the timestamp and delivery shown; no signature is kept
  expect(
    receiver.requests.some(
      (r: ReceivedRequest) =>
        shownHeaders.includes(`x-service-timestamp: ${r.headers["x-service-timestamp"]}`) &&
        shownHeaders.includes(`webhook-id: ${r.headers["webhook-id"]}`),
    ),
  ).toBe(true);
  expect(receiver.requests[0]?.headers["x-service-signature"]).toMatch(/^[0-9a-f]{64}$/);
  expect(shownHeaders).not.toContain("signature");
  expect(
    await page
      .getByText(/Signatures are not kept/)
      .first()
      .isVisible(),
  ).toBe(true);
  const payload = JSON.parse((await page.getByLabel("Payload", { exact: true }).textContent()) ?? "");
  expect(payload).toEqual(JSON.parse(receiver.requests[0]?.body ?? ""));
  expect(await page.getByText(`POST ${receiver.url}/fails`).first().isVisible()).toBe(true);
});

it("Disable (confirmed, in the danger zone) stops deliveries; enabled again, events flow", async () => {
  const ok = await startReceiver(() => 200);
  try {
    const { key } = await json<{ key: string }>(
      await api.post("/keys", { type: "full", name: "console-e2e" }),
    );
    const { webhook_id } = await json<{ webhook_id: string }>(
      await api.post("/webhooks", { url: `${ok.url}/in`, events: ["context.created"] }),
    );
    const logContext = async (n: number) => {
      const res = await fetch(`${stack.origin}/v1/contexts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ agent_id: "toggle-agent", context_data: { n } }),
      });
      expect(res.status).toBe(202);
    };
    await logContext(1);
    await ok.waitFor(1, 20_000);

    await page.goto(dashboard(`/webhooks/${webhook_id}`));
    // disabling is in the danger zone, confirmed; enabling is beside the health
    await page.getByRole("button", { name: "Disable", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Disable this webhook?" })
      .getByRole("button", { name: "Disable webhook" })
      .click();
    await page.getByText("Disabled: nothing is sent to this endpoint").waitFor();
    await page.locator("header, main").getByText("disabled", { exact: true }).first().waitFor();

    await logContext(2);
    // the event's delivery ends failed "endpoint disabled", and the receiver gets nothing
    await waitFor(
      async () => {
        const list = await json<{ data: { status: string; error_message: string | null }[] }>(
          await api.get(`/webhooks/${webhook_id}/deliveries`),
        );
        return list.data.some((d) => d.status === "failed" && /disabled/.test(d.error_message ?? ""));
      },
      { timeout: 20_000, what: "a delivery failed as endpoint disabled" },
    );
    expect(ok.requests).toHaveLength(1);

    await page.getByRole("button", { name: "Enable", exact: true }).click();
    await page.getByText("Disabled: nothing is sent to this endpoint").waitFor({ state: "hidden" });
    await logContext(3);
    await ok.waitFor(2, 20_000);
    expect(JSON.parse(ok.requests[1]?.body ?? "{}").data).toMatchObject({ agent_id: "toggle-agent" });
  } finally {
    await ok.close();
  }
});

it("an agent's Audit runs the SDK in the browser: COMPLETE with entries_in_log passed in the API's own log (1440×900 and 390×844, axe clean), failed under a pinned key that is not the log's, then the gap named after a row is deleted", async () => {
  const { key } = await json<{ key: string }>(await api.post("/keys", { type: "full", name: "audit-e2e" }));
  for (const n of [1, 2, 3]) {
    const res = await fetch(`${stack.origin}/v1/contexts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ agent_id: "audited-7", context_data: { step: n } }),
    });
    expect(res.status).toBe(202);
  }
  await waitFor(
    async () => {
      const agent = await json<{ counts: { confirmed: number } }>(await api.get("/agents/audited-7"));
      return agent.counts.confirmed === 3;
    },
    { timeout: 60_000, what: "three confirmed entries" },
  );
  const published = (await (await fetch(`${stack.origin}/v1/tlog/key`)).text()).trim();

  // at both sizes: the chain's checks and the log's, the key's source said and shown
  for (const viewport of [WIDE, PHONE]) {
    const sized = await newContext(browser, viewport);
    try {
      await sized.addCookies(await context.cookies());
      const p = await sized.newPage();
      await p.goto(dashboard("/agents/audited-7"));
      await p.getByRole("heading", { name: "Agent audited-7", level: 1 }).waitFor({ timeout: 20_000 });
      await p.getByRole("button", { name: "Audit" }).click();
      await p.getByText("Log complete up to sequence 3", { exact: true }).waitFor({ timeout: 30_000 });
      expect(await p.getByRole("status").filter({ hasText: "COMPLETE" }).textContent()).toMatch(
        /COMPLETE: agent audited-7, entries 1\.\.3, every entry anchored and confirmed; entries_in_log passed: 3 entries at their log indexes/,
      );
      expect(await cellOf(p, "entries_in_log", "Result")).toBe("passed");
      expect(await cellOf(p, "entries_in_log", "Reason")).toMatch(/the given log key\)$/);
      await p.getByText(/^Log key fetched from this server \(GET \/v1\/tlog\/key\)/).waitFor();
      expect(await p.getByRole("code").filter({ hasText: published }).count()).toBe(1);
      expect(await violations(p)).toEqual([]);
      expect(await overflow(p)).toBe(0);
    } finally {
      await sized.close();
    }
  }

  await page.goto(dashboard("/agents"));
  await page.getByRole("link", { name: "audited-7" }).click();
  await page.getByRole("heading", { name: "Agent audited-7" }).waitFor();
  const entries = page.getByRole("table", { name: "Log entries" });
  await entries.locator("tbody tr").nth(2).waitFor();
  // newest first
  expect(await entries.locator("tbody tr td:first-child").allTextContents()).toEqual(["3", "2", "1"]);

  // a pinned key that did not sign the log's checkpoint: the log check fails, the chain's pass
  const pin = page.getByRole("textbox", { name: "Log key to pin (optional)" });
  const origin = published.split("+")[0] ?? "";
  await pin.fill(generateNoteKey(origin).verifierKey);
  await page.getByRole("button", { name: "Audit" }).click();
  await page.getByText("A check of the audit failed", { exact: true }).waitFor({ timeout: 30_000 });
  expect(await cellOf(page, "entries_in_log", "Result")).toBe("failed");
  expect(await cellOf(page, "entries_in_log", "Reason")).toMatch(/does not open with the given log key/);
  expect(await page.getByRole("status").filter({ hasText: "INCOMPLETE" }).textContent()).toMatch(
    /INCOMPLETE: agent audited-7, entries 1\.\.3/,
  );
  await page.getByText(/^Log key pinned here/).waitFor();
  // the log's own key, pinned: it passes
  await pin.fill(published);
  await page.getByRole("button", { name: "Audit" }).click();
  await page.getByText("Log complete up to sequence 3", { exact: true }).waitFor({ timeout: 30_000 });
  expect(await cellOf(page, "entries_in_log", "Result")).toBe("passed");
  expect(await violations(page)).toEqual([]);

  // a row removed behind the service's back: the audit names the gap
  const db = new Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    const removed = await db.query("DELETE FROM contexts WHERE agent_id = $1 AND sequence = 2", [
      "audited-7",
    ]);
    expect(removed.rowCount).toBe(1);
  } finally {
    await db.end();
  }
  await page.reload();
  await page.getByRole("button", { name: "Audit" }).click();
  await page.getByText("Broken at sequence 2: gap").waitFor({ timeout: 30_000 });
  expect(await page.getByText(/gap at 2: the entry after 1 is 3/).count()).toBe(1);
});

it("the search box opens a context from its context hash, and from its transaction hash", async () => {
  const list = await json<{
    data: { context_id: string; context_hash: string; transaction_hash: string | null }[];
  }>(await api.get("/contexts?agent_id=audited-7&status=confirmed&limit=1"));
  const target = list.data[0];
  if (!target?.transaction_hash) throw new Error("a confirmed context of audited-7 was expected");
  for (const q of [target.context_hash, target.transaction_hash]) {
    await page.goto(dashboard("/"));
    const box = page.getByRole("textbox", { name: "Search" });
    await box.fill(q);
    await box.press("Enter");
    // a transaction anchors a batch: the agent's other contexts may share it; the one is listed or opened
    const opened = page.getByRole("heading", { name: `Context ${target.context_id}` });
    const listed = page.getByRole("link", { name: `context ${target.context_id}` });
    await opened.or(listed).first().waitFor({ timeout: 20_000 });
    if (!(await opened.isVisible())) await listed.click();
    await page.getByRole("heading", { name: `Context ${target.context_id}` }).waitFor();
  }
});

it("the overview's range picker changes the chart", async () => {
  await page.goto(dashboard("/"));
  const chart = page.getByRole("img", { name: /^Contexts received per / });
  await chart.waitFor({ timeout: 20_000 });
  expect(await chart.getAttribute("aria-label")).toMatch(
    /^Contexts received per minute, last hour: \d+ in total/,
  );
  // the SegmentedControl's radio is visually hidden: a person clicks its label
  await page.locator("label", { hasText: /^7 d$/ }).first().click();
  await page
    .getByRole("img", { name: /^Contexts received per 3 hours, last 7 days: \d+ in total/ })
    .waitFor({ timeout: 20_000 });
  await page
    .getByText(/^Confirmation time: p50 around [\d.]+ s, p95 at most [\d.]+ s in this range\.$/)
    .waitFor();
});
