// Issue 12's journey in a real browser against the real stack (API serving the built dashboard,
// chain worker, webhook worker, anvil, PostgreSQL, Redis): first setup from the CLI, a full key
// shown once, a context POSTed over HTTP and followed to confirmed on its page, the proof
// downloaded and verified by the SDK against the chain, Verify now, a webhook through success,
// failure and a retry, and the key revoked.
import { readFile } from "node:fs/promises";
import { TREE_HEAD_CHECK_NAMES } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { setupLinkIn } from "@ctxlog/mail/testing";
import { verifyContext } from "@ctxlog/sdk";
import { type ReceivedRequest, type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { createAccount, launchBrowser, newContext, setUpAccount } from "./browser";
import { ATTESTATION_KEY, type DashboardStack, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: Receiver;
let receiverFails = false;
const PASSWORD = "correct horse battery staple";
const EMAIL = "ada@example.com";

beforeAll(async () => {
  [stack, browser, receiver] = await Promise.all([
    startDashboardStack(),
    launchBrowser(),
    startReceiver((_req: ReceivedRequest) => (receiverFails ? 500 : 200)),
  ]);
  context = await newContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await stack?.close();
});

const dashboard = (path = "") => `${stack.origin}/dashboard${path}`;

/** The status badge in a page's header. */
const headerStatus = (status: string) =>
  page.locator("header, main").getByText(status, { exact: true }).first();

async function api(path: string, init: RequestInit & { key?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("authorization", `Bearer ${init.key}`);
  if (init.body) headers.set("content-type", "application/json");
  const res = await fetch(`${stack.origin}/v1${path}`, { ...init, headers });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Waits until the locator matches exactly `n` elements (the page polls; so does this). */
const countIs = (locator: Locator, n: number) =>
  waitFor(async () => (await locator.count()) === n, {
    timeout: 20_000,
    what: async () => `${n} of ${locator} (now ${await locator.count()})`,
  });

let apiKey = "";
let contextId = "";

it("first setup from the CLI: the link sets a password and signs in; sign-out and sign-in again", async () => {
  const account = await createAccount(stack, "usr_journey", EMAIL);
  expect(account.link.startsWith(dashboard("/setup#token="))).toBe(true);
  await page.goto(account.link);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  expect(page.url()).not.toContain("token="); // the token left the address bar

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/dashboard\/sign-in/);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
});

it("invites a colleague from the Account page: 'sent to', the link only in their mail, which signs them in", async () => {
  const colleague = "grace@example.com";
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByLabel("Email of the person to invite").fill(colleague);
  await page.getByRole("button", { name: "Invite" }).click();
  await page.getByRole("status").getByText(`Invitation sent to ${colleague}`).waitFor();
  expect(await page.locator("main").textContent()).not.toContain("#token=");
  const mail = await stack.smtp.nextMailTo(colleague);
  expect(mail.subject).toBe("You are invited to usr_journey on ctxlog");
  expect(mail.text).toContain(`${EMAIL} invited you`);
  const theirs = await newContext(browser);
  try {
    const theirPage = await theirs.newPage();
    await setUpAccount(theirPage, setupLinkIn(mail), "a colleague's own passphrase 42");
    await theirPage.getByRole("link", { name: "Account" }).click();
    await theirPage.getByText("usr_journey", { exact: true }).first().waitFor();
  } finally {
    await theirs.close();
  }
  await page.getByRole("link", { name: "Overview" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
});

it("creates a full key, shown once in a dialog", async () => {
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "New key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill("journey");
  await dialog.getByLabel("Type").selectOption("full");
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  apiKey = (await shown.getByLabel("API key").textContent())?.trim() ?? "";
  expect(apiKey).toMatch(/^sk_[A-Za-z0-9]{32}$/);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await shown.waitFor({ state: "hidden" });
  await page.getByRole("cell", { name: "journey" }).waitFor();
});

it("a context POSTed with the key over HTTP becomes confirmed on its page without a reload", async () => {
  const created = await api("/contexts", {
    method: "POST",
    key: apiKey,
    body: JSON.stringify({ agent_id: "planner-7", context_data: { task: "summarize", steps: 3 } }),
  });
  expect(created.status).toBe(202);
  contextId = created.body?.context_id as string;
  await page.getByRole("link", { name: "Contexts" }).click();
  await page.getByRole("link", { name: contextId }).click();
  await page.getByRole("heading", { name: `Context ${contextId}` }).waitFor();
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await headerStatus("confirmed").waitFor({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});

it("the downloaded proof verifies with the SDK against anvil alone", async () => {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download proof" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${contextId}.proof.json`);
  const bundle = JSON.parse(await readFile((await download.path()) as string, "utf8"));
  const result = await verifyContext(bundle, {
    rpcUrl: stack.rpcUrl,
    // contexts are signed by the API's attestation key; the anchors are sent by the gas key
    expectedSigners: [privateKeyToAccount(ATTESTATION_KEY).address],
  });
  expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  expect(result.verified).toBe(true);
});

it("Verify now shows every named check passing", async () => {
  await page.getByRole("button", { name: "Verify now" }).click();
  const checks = page.getByRole("table", { name: "Checks" });
  await checks.waitFor();
  const rows = checks.locator("tbody tr");
  // the context is anchored by the log's tree head: the chain's checks and the log's
  await countIs(rows, TREE_HEAD_CHECK_NAMES.length);
  const results = await rows.locator("td:nth-child(2)").allTextContents();
  expect(results).toEqual(Array(TREE_HEAD_CHECK_NAMES.length).fill("passed"));
  await page.getByText("verified", { exact: true }).first().waitFor();
});

it("a webhook to a loopback receiver: the test delivery and its attempt, a failure, `failing`, a retry, `active`", async () => {
  await page.getByRole("link", { name: "Webhooks" }).click();
  await page.getByRole("button", { name: "New webhook" }).click();
  const form = page.getByRole("dialog", { name: "Create a webhook" });
  await form.getByLabel("URL").fill(`${receiver.url}/hooks`);
  await form.getByLabel("context.confirmed").check();
  await form.getByLabel("Description").fill("journey receiver");
  await form.getByRole("button", { name: "Create webhook" }).click();
  const shown = page.getByRole("dialog", { name: "The webhook's signing secret" });
  const secret = (await shown.getByLabel("Signing secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole("button", { name: "I have saved it" }).click();

  await page.getByRole("link", { name: `${receiver.url}/hooks` }).click();
  // the webhook's page is headed by its URL
  await page.getByRole("heading", { name: `${receiver.url}/hooks`, exact: true }).waitFor();
  await page.getByRole("button", { name: "Send test event" }).click();
  await receiver.waitFor(1, 20_000);
  const deliveries = page
    .locator("table")
    .filter({ has: page.getByRole("columnheader", { name: "Delivery" }) });
  await deliveries.getByText("succeeded", { exact: true }).waitFor({ timeout: 20_000 });
  await deliveries.locator("tbody a").first().click();
  await page.getByRole("heading", { name: /^Delivery / }).waitFor();
  const attempts = page
    .locator("table")
    .filter({ has: page.getByRole("columnheader", { name: "Duration" }) });
  await countIs(attempts.locator("tbody tr"), 1);
  await attempts.getByRole("cell", { name: "200", exact: true }).waitFor();

  // the receiver fails: a new test delivery fails after its five attempts, the webhook is failing
  receiverFails = true;
  await page.getByRole("link", { name: "Back to the webhook" }).click();
  await page.getByRole("button", { name: "Send test event" }).click();
  await deliveries.getByText("failed", { exact: true }).waitFor({ timeout: 30_000 });
  await headerStatus("failing").waitFor({ timeout: 10_000 });
  await deliveries.locator("tbody tr", { hasText: "failed" }).locator("a").click();
  await countIs(attempts.locator("tbody tr"), 5);
  await countIs(attempts.getByRole("cell", { name: "500", exact: true }), 5);

  // healthy again: the retry succeeds and the webhook is active
  receiverFails = false;
  await page.getByRole("button", { name: "Retry delivery" }).click();
  await headerStatus("succeeded").waitFor({ timeout: 20_000 });
  await countIs(attempts.locator("tbody tr"), 6);
  await page.getByRole("link", { name: "Back to the webhook" }).click();
  await headerStatus("active").waitFor({ timeout: 10_000 });
});

it("revoking the key in the dashboard makes the API refuse it", async () => {
  expect((await api("/status", { key: apiKey })).status).toBe(200);
  await page.getByRole("link", { name: "API keys" }).click();
  await page
    .getByRole("row", { name: /journey/ })
    .getByRole("button", { name: "Revoke" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await page
    .getByRole("row", { name: /journey/ })
    .getByText("revoked", { exact: true })
    .waitFor();
  await waitFor(async () => (await api("/status", { key: apiKey })).status === 401, {
    timeout: 10_000,
    what: "the revoked key refused",
  });
  const refused = await api("/contexts", {
    method: "POST",
    key: apiKey,
    body: JSON.stringify({ agent_id: "planner-7", context_data: { after: "revoke" } }),
  });
  expect(refused).toMatchObject({ status: 401, body: { error: { code: "INVALID_API_KEY" } } });
});
