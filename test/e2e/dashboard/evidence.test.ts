// Issue 42's evidence pack from the console, in a real browser against the real stack, at 1440×900
// and 390×844 with axe at 0 violations: the agent page's "Download evidence pack" offers the whole
// log, saves the streamed zip as a download (the session cookie authenticates it), and that file is
// a pack the SDK's verifyPack verifies (its entries counted, signed by the stack's attestation key,
// its blocks the chain's); a range whose end is not after its start is refused in words before
// anything is asked; and the API's refusal (a pack costing more rate-limit units than are left) is
// shown in the page, not saved as the file.
import { readFileSync } from "node:fs";
import { waitFor } from "@ctxlog/core/testing";
import { checkCanonicalBlocks, readPackZip, verifyPack } from "@ctxlog/sdk";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { violations } from "./page-reading";
import { sessionApi } from "./session-api";
import { ATTESTATION_KEY, type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

const WIDE = { width: 1440, height: 900 };
/** six small entries in two batches: a pack of a few KiB, well within the rate limit */
const AGENT = "auditor-demo";
const ENTRIES = 6;
/**
 * four entries of ~200 KB: with EXPORT_BYTES_PER_UNIT at 1 KiB its pack costs ~1,600 units, more
 * than the free plan's 600 a minute, so the API refuses it (and gives the units back)
 */
const BULKY = "bulky-agent";

let stack: DashboardStack;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let key: string;

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;

async function batch(agent: string, contexts: unknown[]) {
  const res = await fetch(`${stack.origin}/v1/contexts/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      contexts: contexts.map((context_data) => ({ agent_id: agent, context_data })),
    }),
  });
  if (res.status !== 202) throw new Error(`batch: ${res.status} ${await res.text()}`);
}

/** Every entry of `agent` confirmed: a pack holds confirmed entries only (docs/evidence.md). */
async function confirmed(agent: string, count: number) {
  await waitFor(
    async () => {
      const res = await fetch(`${stack.origin}/v1/agents/${agent}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const log = (await res.json()) as { counts?: { confirmed: number } };
      return log.counts?.confirmed === count;
    },
    { timeout: 60_000, interval: 200, what: `the ${count} entries of ${agent} confirmed` },
  );
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startDashboardStack({ EXPORT_BYTES_PER_UNIT: "1024" }),
    launchBrowser(),
  ]);
  ({ context: desktop } = await signedInPage(
    browser,
    stack,
    { userId: "usr_evidence", email: "eva@example.com", password: "correct horse battery staple" },
    WIDE,
  ));
  phone = await newContext(browser, PHONE);
  await phone.addCookies(await desktop.cookies());
  const api = await sessionApi(desktop, stack.origin);
  const created = await api.post("/keys", { type: "full", name: "evidence-e2e" });
  if (!created.ok()) throw new Error(`key: ${created.status()} ${await created.text()}`);
  key = ((await created.json()) as { key: string }).key;
  await batch(
    AGENT,
    Array.from({ length: ENTRIES / 2 }, (_, i) => ({ step: i, tool: "search" })),
  );
  await batch(
    AGENT,
    Array.from({ length: ENTRIES / 2 }, (_, i) => ({ step: ENTRIES / 2 + i, tool: "answer" })),
  );
  await batch(
    BULKY,
    Array.from({ length: 4 }, (_, i) => ({ step: i, transcript: "x".repeat(200_000) })),
  );
  await Promise.all([confirmed(AGENT, ENTRIES), confirmed(BULKY, 4)]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** The agent page with its evidence panel ready; the panel's form. */
async function openAgent(page: Page, agent: string) {
  await page.goto(dashboard(`/agents/${agent}`));
  await page.getByRole("heading", { name: `Agent ${agent}`, level: 1 }).waitFor({ timeout: 20_000 });
  const form = page.getByRole("form", { name: "Download an evidence pack" });
  await form.waitFor({ timeout: 20_000 });
  return form;
}

describe.each([
  ["1440×900", () => desktop],
  ["390×844", () => phone],
])("at %s", (_size, browserContext) => {
  let page: Page;
  beforeAll(async () => {
    page = await browserContext().newPage();
  });
  afterAll(() => page?.close());

  it("downloads the agent's whole log as a pack that verifyPack verifies, its entries counted", async () => {
    const form = await openAgent(page, AGENT);
    const agent = (await (
      await fetch(`${stack.origin}/v1/agents/${AGENT}`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { first_activity_at: string };
    // the range offered: from the first entry (to the second) to now
    expect(await form.getByRole("textbox", { name: /^From/ }).inputValue()).toBe(
      agent.first_activity_at.slice(0, 19).replace("T", " "),
    );
    await page.getByText("npx ctxlog verify-pack file.zip", { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 30_000 }),
      form.getByRole("button", { name: "Download evidence pack" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^evidence-${AGENT}-\\d{4}-\\d{2}-\\d{2}T\\d{9}Z\\.zip$`),
    );
    const file = await download.path();
    expect(await download.failure()).toBeNull();
    const files = readPackZip(new Uint8Array(readFileSync(file)));
    const result = await verifyPack(files, {
      trustedSigners: [privateKeyToAccount(ATTESTATION_KEY).address],
    });
    expect(result.failure).toBeNull();
    expect(result.verdict).toBe("verified");
    expect(result.entries).toBe(ENTRIES);
    expect(result.manifest).toMatchObject({
      agent_id: AGENT,
      user_id: "usr_evidence",
      sequence_range: { first: 1, last: ENTRIES },
      counts: { entries: ENTRIES, erased: 0 },
      // made for the person signed in, not for a key
      created_by: expect.stringMatching(/^account:/),
    });
    // and its blocks are the chain's
    expect(await checkCanonicalBlocks(result, stack.rpcUrl)).toBeNull();

    // the page says where the pack went, and shows no error
    expect(await page.getByRole("status").filter({ hasText: "Asked for the pack" }).count()).toBe(1);
    expect(await page.getByRole("main").getByRole("alert").count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  it("refuses a range whose end is not after its start, in words, asking for nothing", async () => {
    const form = await openAgent(page, AGENT);
    const from = await form.getByRole("textbox", { name: /^From/ }).inputValue();
    await form.getByRole("textbox", { name: /^To/ }).fill(from);
    let downloads = 0;
    page.on("download", () => downloads++);
    await form.getByRole("button", { name: "Download evidence pack" }).click();
    await form.getByText("The end must be after the start.", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await form.getByRole("textbox", { name: /^To/ }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("iframe").count()).toBe(0);
    expect(downloads).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  it("shows the API's refusal in the page's error style, and saves no file", async () => {
    const form = await openAgent(page, BULKY);
    let downloads = 0;
    page.on("download", () => downloads++);
    await form.getByRole("button", { name: "Download evidence pack" }).click();
    const alert = page.getByRole("main").getByRole("alert");
    await alert.waitFor({ timeout: 30_000 });
    const text = (await alert.textContent()) ?? "";
    expect(text).toContain("Too many requests: wait a moment and try again");
    expect(text).toMatch(/This pack costs \d+ units, more than the rate limit has left\./);
    await alert.getByText("Details").click();
    await alert.getByText("Code: RATE_LIMIT_EXCEEDED", { exact: true }).waitFor();
    expect(await alert.getByText(/^Request id: \S+$/).count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: "Asked for the pack" }).count()).toBe(0);
    expect(downloads).toBe(0);
    expect(await violations(page)).toEqual([]);
  });
});
