// Debian's Chromium driven by playwright-core: nothing here downloads a browser. As root (CI) the
// sandbox cannot start, hence --no-sandbox.
import { existsSync } from "node:fs";
import { setupLinkIn } from "@ctxlog/mail/testing";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import type { DashboardStack } from "./stack";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (.ci/run does)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport, acceptDownloads: true, reducedMotion: "reduce" });
}

export interface Person {
  email: string;
  password: string;
  userId: string;
}

/**
 * `ctxlog accounts create --json`: the invitation is mailed to `email` (the stack's SMTP server), and
 * its one-time link read from that mail, as its owner would.
 */
export async function createAccount(stack: DashboardStack, userId: string, email: string) {
  const out = await stack.cli("accounts", "create", "--user", userId, "--email", email, "--json");
  const created = JSON.parse(out.trim()) as {
    account_id: string;
    user_id: string;
    email: string;
    mailed: boolean;
  };
  if (!created.mailed) throw new Error(`the CLI did not mail the invitation: ${out}`);
  const link = setupLinkIn(await stack.smtp.nextMailTo(created.email));
  return { ...created, link };
}

/** Opens a sign-in link and sets the password: the person is signed in on the overview. */
export async function setUpAccount(page: Page, link: string, password: string) {
  await page.goto(link);
  // by role: a label's text also holds the required field's asterisk
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(password);
  await page.getByRole("textbox", { name: "Repeat the password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
}

/** A new account of `userId` set up in a fresh browser context, signed in. */
export async function signedInPage(
  browser: Browser,
  stack: DashboardStack,
  person: Person,
  viewport = DESKTOP,
) {
  const { link } = await createAccount(stack, person.userId, person.email);
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await setUpAccount(page, link, person.password);
  return { context, page };
}
