// Every page of the dashboard, with real data from the real stack: an axe-core scan with no serious
// or critical violation, no horizontal overflow at 1280×800 nor at 390×844, and the key-creation
// flow done with the keyboard alone.
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { waitFor } from "@ctxlog/core/testing";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createAccount, DESKTOP, launchBrowser, newContext, PHONE, signedInPage } from "./browser";
import { type DashboardPage, dashboardPages, seedDashboard } from "./seed-dashboard";
import { sessionApi } from "./session-api";
import { type DashboardStack, ROOT, startDashboardStack } from "./stack";

jest.setTimeout(180_000);

let stack: DashboardStack;
let browser: Browser;
let receiver: Receiver;
let context: BrowserContext;
let page: Page;
let pages: DashboardPage[];
const PASSWORD = "correct horse battery staple";
const EMAIL = "ada@acme.example";
// `npm run screenshots` sets it (docs/dashboard): each page is also photographed at 1280×800
const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS_DIR;

async function screenshot(p: Page, name: string) {
  if (!SCREENSHOTS) return;
  const dir = path.resolve(ROOT, SCREENSHOTS);
  mkdirSync(dir, { recursive: true });
  await p.mouse.move(0, 0); // no hover state in the picture
  await p.screenshot({ path: path.join(dir, `${name}.png`) });
}

beforeAll(async () => {
  [stack, browser, receiver] = await Promise.all([startDashboardStack(), launchBrowser(), startReceiver()]);
  ({ context, page } = await signedInPage(browser, stack, {
    userId: "acme",
    email: EMAIL,
    password: PASSWORD,
  }));
  const seeded = await seedDashboard(await sessionApi(context, stack.origin), receiver.url, EMAIL);
  pages = dashboardPages(seeded);
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await stack?.close();
});

/** Serious and critical axe violations, one line each (rule, impact, the first few elements). */
async function violations(p: Page) {
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.html.slice(0, 120))
          .slice(0, 3)
          .join(" | ")}`,
    );
}

/**
 * How far the page is wider than the viewport (it would scroll sideways; tables scroll inside their
 * own box), with the outermost elements that stick out, to say what to fix.
 */
const overflow = (p: Page) =>
  p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const excess = document.documentElement.scrollWidth - width;
    if (excess <= 0) return 0;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1))
      .slice(0, 3)
      .map(
        (el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? "").slice(0, 40)}`,
      );
    return `${excess}px: ${culprits.join(" | ")}`;
  });

async function open(p: Page, target: DashboardPage) {
  await p.goto(`${stack.origin}/dashboard${target.path}`);
  await target.ready(p);
}

/**
 * Badges and table cells whose content is wider than their box (cut, "ACT…", or spilling over the
 * next column): each as its tag and the start of its text.
 */
const clipped = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll(".mantine-Badge-root, .mantine-Badge-label, td")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()}>${(el.textContent ?? "").slice(0, 40)}`),
  );

/** How many pages are checked at once (each at both sizes at once): the browser waits on the API. */
const WORKERS = 2;

it("every signed-in page: no serious or critical axe violation, no horizontal overflow nor clipped badge or cell at 1280×800 and 390×844", async () => {
  const phone = await newContext(browser, PHONE);
  await phone.addCookies(await context.cookies());
  const found: Record<string, string[]> = {};
  const desktopAt = async (p: Page, target: DashboardPage) => {
    await open(p, target);
    if (SCREENSHOTS) await target.photograph?.(p);
    await screenshot(p, target.name);
    const problems = await violations(p);
    const wide = await overflow(p);
    if (wide) problems.push(`overflows 1280×800 by ${wide}`);
    problems.push(...(await clipped(p)).map((c) => `clipped at 1280×800: ${c}`));
    return problems;
  };
  const phoneAt = async (p: Page, target: DashboardPage) => {
    await open(p, target);
    const problems: string[] = [];
    const narrow = await overflow(p);
    if (narrow) problems.push(`overflows 390×844 by ${narrow}`);
    problems.push(...(await violations(p)).map((v) => `390×844: ${v}`));
    return problems;
  };
  // WORKERS pages of each size, each taking the next page to check; a page at both sizes at once
  const queue = [...pages];
  const worker = async (desktop: Page) => {
    const small = await phone.newPage();
    for (let target = queue.shift(); target; target = queue.shift()) {
      const problems = (await Promise.all([desktopAt(desktop, target), phoneAt(small, target)])).flat();
      if (problems.length) found[target.name] = problems;
    }
    await small.close();
  };
  const extra = await Promise.all(Array.from({ length: WORKERS - 1 }, () => context.newPage()));
  await Promise.all([page, ...extra].map(worker));
  await Promise.all(extra.map((p) => p.close()));
  await phone.close();
  expect(found).toEqual({});
}, 360_000); // 20 pages, each scanned at both sizes: minutes on a loaded 2-core machine

it("sign-in and setup: no serious or critical axe violation, no horizontal overflow", async () => {
  const found: Record<string, string[]> = {};
  for (const viewport of [DESKTOP, PHONE]) {
    const anonymous = await newContext(browser, viewport);
    const p = await anonymous.newPage();
    await p.goto(`${stack.origin}/dashboard/sign-in`);
    await p.getByRole("button", { name: "Sign in" }).waitFor();
    if (viewport === DESKTOP) await screenshot(p, "sign-in");
    found[`sign-in ${viewport.width}`] = [...(await violations(p)), `overflow ${await overflow(p)}`];
    const { link } = await createAccount(stack, "acme", `setup-${viewport.width}@acme.example`);
    await p.goto(link);
    await p.getByRole("button", { name: "Set password and sign in" }).waitFor();
    if (viewport === DESKTOP) await screenshot(p, "setup");
    found[`setup ${viewport.width}`] = [...(await violations(p)), `overflow ${await overflow(p)}`];
    await anonymous.close();
  }
  expect(found).toEqual({
    "sign-in 1280": ["overflow 0"],
    "setup 1280": ["overflow 0"],
    "sign-in 390": ["overflow 0"],
    "setup 390": ["overflow 0"],
  });
});

it("a key is created with the keyboard alone, and the dialog that shows it closes from the keyboard", async () => {
  await page.goto(`${stack.origin}/dashboard/keys`);
  await page.getByRole("heading", { name: "API keys" }).waitFor();
  const focused = () =>
    page.evaluate(
      () =>
        document.activeElement?.textContent?.trim() ||
        document.activeElement?.getAttribute("aria-label") ||
        document.activeElement?.id ||
        "",
    );
  // Tab from the top of the page to the "New key" button
  await waitFor(
    async () => {
      await page.keyboard.press("Tab");
      return (await focused()) === "New key";
    },
    { timeout: 15_000, interval: 1, what: async () => `"New key" focused by Tab (now ${await focused()})` },
  );
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.waitFor();
  // the dialog takes the focus; its first field is Name
  await waitFor(
    async () => (await dialog.getByLabel("Name").evaluate((el) => el === document.activeElement)) === true,
  );
  expect(await violations(page)).toEqual([]); // the dialog too
  await page.keyboard.type("keyboard");
  await page.keyboard.press("Tab"); // Type
  await page.keyboard.press("Tab"); // Expires in days
  await page.keyboard.type("30");
  await page.keyboard.press("Enter"); // submits the form
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await shown.waitFor();
  const key = (await shown.getByLabel("API key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^sk_/);
  expect(await violations(page)).toEqual([]);
  // Escape closes it (Mantine's modal), as "I have saved it" would
  await page.keyboard.press("Escape");
  await shown.waitFor({ state: "hidden" });
  await page.getByRole("cell", { name: "keyboard", exact: true }).waitFor();
});
