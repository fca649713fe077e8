// Issue 12's security cases, in the browser and over HTTP, against the real stack: no session, a
// session of another user, a request without the CSRF token, the cookie's flags, and a key and a
// webhook secret that appear exactly once.
import { waitFor } from "@ctxlog/core/testing";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DESKTOP, launchBrowser, signedInPage } from "./browser";
import { type SessionApi, sessionApi } from "./session-api";
import { type DashboardStack, ROOT, startDashboardStack } from "./stack";

jest.setTimeout(120_000);

let stack: DashboardStack;
let browser: Browser;
let receiver: Receiver;
let ada: { context: BrowserContext; page: Page; api: SessionApi };
let eve: { context: BrowserContext; page: Page; api: SessionApi };
/** Ada's objects, which Eve (another user) must not see */
const owned = { contextId: "", webhookId: "", deliveryId: "", verificationId: "", keyId: "" };

beforeAll(async () => {
  [stack, browser, receiver] = await Promise.all([startDashboardStack(), launchBrowser(), startReceiver()]);
  const signIn = async (userId: string, email: string) => {
    const { context, page } = await signedInPage(browser, stack, {
      userId,
      email,
      password: "correct horse battery staple",
    });
    return { context, page, api: await sessionApi(context, stack.origin) };
  };
  ada = await signIn("usr_ada", "ada@example.com");
  eve = await signIn("usr_eve", "eve@example.com");

  const json = async (response: Awaited<ReturnType<SessionApi["post"]>>) => {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  owned.contextId = (await json(await ada.api.post("/contexts", { agent_id: "a", context_data: { n: 1 } })))
    .context_id as string;
  owned.webhookId = (
    await json(await ada.api.post("/webhooks", { url: `${receiver.url}/ada`, events: ["context.created"] }))
  ).webhook_id as string;
  await json(await ada.api.post(`/webhooks/${owned.webhookId}/test`, { event: "context.created" }));
  owned.deliveryId = await waitFor(async () => {
    const list = await json(await ada.api.get(`/webhooks/${owned.webhookId}/deliveries`));
    return (list.data as unknown as Array<{ delivery_id: string }>)[0]?.delivery_id;
  });
  owned.verificationId = (await json(await ada.api.post("/verifications", { context_id: owned.contextId })))
    .verification_id as string;
  owned.keyId = (await json(await ada.api.post("/keys", { type: "read_only" }))).key_id as string;
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await stack?.close();
});

/** Every operation of the API's OpenAPI document that needs a key or a session. */
function protectedOperations() {
  const document = require(`${ROOT}/apps/api/openapi.json`) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  const operations: Array<{ method: string; path: string }> = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.security?.length) operations.push({ method: method.toUpperCase(), path });
    }
  }
  return operations;
}

describe("without a session", () => {
  it("every page of the dashboard sends the browser to sign-in, then back to the page asked for", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    for (const path of [
      "/",
      "/keys",
      `/contexts/${owned.contextId}`,
      `/webhooks/${owned.webhookId}`,
      "/account",
    ]) {
      await page.goto(`${stack.origin}/dashboard${path}`);
      await page.waitForURL(/\/dashboard\/sign-in/);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
    }
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("correct horse battery staple");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard\/account$/);
    await page.getByRole("heading", { name: "Account" }).waitFor();
    await context.close();
  });

  it("every API route that needs a key or a session answers 401 with the error envelope", async () => {
    const operations = protectedOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const { method, path } of operations) {
      const url = `${stack.origin}/v1${path.replace(/\{[a-z_]+\}/g, (name) => (name === "{id}" ? owned.contextId : "x_1"))}`;
      const res = await fetch(url, {
        method,
        headers: method === "GET" ? {} : { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      const body = (await res.json()) as { error?: { code: string } };
      expect({ method, path, status: res.status, code: body.error?.code }).toEqual({
        method,
        path,
        status: 401,
        code: expect.stringMatching(/^INVALID_(API_KEY|SESSION)$/),
      });
    }
  });
});

describe("a session of another user", () => {
  it("sees 404 for every object of this user, in the browser and over HTTP", async () => {
    await eve.page.goto(`${stack.origin}/dashboard/contexts/${owned.contextId}`);
    await eve.page.getByText("Not found", { exact: true }).first().waitFor(); // the code is in the details
    await eve.page.goto(`${stack.origin}/dashboard/webhooks/${owned.webhookId}`);
    await eve.page.getByText("Not found", { exact: true }).first().waitFor(); // the code is in the details

    const reads = [
      `/contexts/${owned.contextId}`,
      `/contexts/${owned.contextId}/proof`,
      `/webhooks/${owned.webhookId}`,
      `/webhooks/${owned.webhookId}/deliveries`,
      `/webhooks/${owned.webhookId}/deliveries/${owned.deliveryId}`,
      `/verifications/${owned.verificationId}`,
    ];
    for (const path of reads) expect([path, (await eve.api.get(path)).status()]).toEqual([path, 404]);
    const writes = [
      `/keys/${owned.keyId}/revoke`,
      `/webhooks/${owned.webhookId}/rotate-secret`,
      `/webhooks/${owned.webhookId}/test`,
      `/webhooks/${owned.webhookId}/deliveries/${owned.deliveryId}/retry`,
    ];
    for (const path of writes) {
      const body = path.endsWith("/test") ? { event: "context.created" } : {};
      expect([path, (await eve.api.post(path, body)).status()]).toEqual([path, 404]);
    }
    const adaKeys = (await (await ada.api.get("/keys")).json()) as {
      data: Array<{ key_id: string; status: string }>;
    };
    expect(adaKeys.data.find((k) => k.key_id === owned.keyId)?.status).toBe("active");
  });
});

describe("CSRF", () => {
  it("a state-changing request of a session without its X-CSRF-Token (or with another) is refused, and changes nothing", async () => {
    const before = ((await (await ada.api.get("/keys")).json()) as { data: unknown[] }).data.length;
    for (const csrf of [null, "not-the-token", eve.api.csrf]) {
      const refused = await ada.api.post("/keys", { type: "full", name: "csrf" }, { csrf });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("CSRF_TOKEN_INVALID");
    }
    const revoke = await ada.api.post(`/keys/${owned.keyId}/revoke`, {}, { csrf: null });
    expect(revoke.status()).toBe(403);
    const after = (await (await ada.api.get("/keys")).json()) as {
      data: Array<{ key_id: string; status: string }>;
    };
    expect(after.data.length).toBe(before);
    expect(after.data.find((k) => k.key_id === owned.keyId)?.status).toBe("active");
    // the same request with the token goes through: the refusals above were the token's doing
    expect((await ada.api.post("/keys", { type: "full", name: "csrf" })).status()).toBe(201);
  });
});

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Strict, and the page's script cannot read it", async () => {
    const cookies = await ada.context.cookies(stack.origin);
    const session = cookies.find((c) => c.name === "ctxlog_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(await ada.page.evaluate(() => document.cookie)).not.toContain("ctxlog_session");
  });
});

describe("shown once", () => {
  /** Everything the page received, and everything it keeps, as text. */
  async function collectResponses(page: Page) {
    const bodies: Array<{ url: string; text: string }> = [];
    page.on("response", async (response) => {
      if (!response.url().includes("/v1/")) return;
      bodies.push({
        url: `${response.request().method()} ${response.url()}`,
        text: await response.text().catch(() => ""),
      });
    });
    return bodies;
  }
  const kept = (page: Page) =>
    page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, url: location.href }),
    );

  it("a new key: in its creation's answer and the dialog only; not in later answers, the page after reload, web storage", async () => {
    const { page } = ada;
    const bodies = await collectResponses(page);
    await page.goto(`${stack.origin}/dashboard/keys`);
    await page.getByRole("button", { name: "New key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an API key" });
    await dialog.getByLabel("Name").fill("once");
    await dialog.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API key" });
    const key = (await shown.getByLabel("API key").textContent())?.trim() ?? "";
    expect(key).toMatch(/^sk_/);
    await shown.getByRole("button", { name: "I have saved it" }).click();
    await shown.waitFor({ state: "hidden" });
    expect(await page.content()).not.toContain(key);
    expect(await kept(page)).not.toContain(key);
    await page.reload();
    await page.getByRole("cell", { name: "once", exact: true }).waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await kept(page)).not.toContain(key);
    expect(await (await ada.api.get("/keys")).text()).not.toContain(key);
    await waitFor(() => bodies.some((b) => b.url.startsWith("GET") && b.url.includes("/v1/keys")));
    expect(bodies.filter((b) => b.text.includes(key)).map((b) => b.url)).toEqual([
      `POST ${stack.origin}/v1/keys`,
    ]);
  });

  it("a webhook secret: in its creation's answer and the dialog only; not in later answers, the page after reload, web storage", async () => {
    const { page } = ada;
    const bodies = await collectResponses(page);
    await page.goto(`${stack.origin}/dashboard/webhooks`);
    await page.getByRole("button", { name: "New webhook" }).click();
    const form = page.getByRole("dialog", { name: "Create a webhook" });
    await form.getByLabel("URL").fill(`${receiver.url}/once`);
    await form.getByLabel("context.failed").check();
    await form.getByRole("button", { name: "Create webhook" }).click();
    const shown = page.getByRole("dialog", { name: "The webhook's signing secret" });
    const secret = (await shown.getByLabel("Signing secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole("button", { name: "I have saved it" }).click();
    await shown.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: `${receiver.url}/once` }).click();
    await page.getByRole("button", { name: "Send test event" }).waitFor();
    const webhookId = page.url().split("/").pop() as string;
    await page.reload();
    await page.getByRole("button", { name: "Send test event" }).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await kept(page)).not.toContain(secret);
    for (const path of ["/webhooks", `/webhooks/${webhookId}`]) {
      expect(await (await ada.api.get(path)).text()).not.toContain(secret);
    }
    expect(bodies.filter((b) => b.text.includes(secret)).map((b) => b.url)).toEqual([
      `POST ${stack.origin}/v1/webhooks`,
    ]);
  });
});
