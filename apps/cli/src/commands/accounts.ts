import { parseArgs } from "node:util";
import {
  AccountEmailTakenError,
  createAccount,
  createSignInLink,
  findAccountByEmail,
  listAccounts,
  type PrismaClient,
} from "@ctxlog/db";
import { UsageError } from "../env";
import { listFlags, userIdFlag } from "./flags";
import { type Out, printRows, printShownOnce } from "./output";
import { runSubcommand } from "./run-subcommand";

export const ACCOUNTS_USAGE = `Usage:
  ctxlog accounts create --user <user_id> --email <email> [--json]
  ctxlog accounts list --user <user_id> [--json]
  ctxlog accounts link --email <email> [--json]   # a new sign-in link (e.g. a forgotten password)`;

// Deliberately loose (the dashboard's own check is the same): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

export interface AccountsCommandOptions {
  defaultPlan: string;
  /** PUBLIC_BASE_URL: the links point at its /dashboard/setup */
  publicBaseUrl: string;
}

/** The page that reads the token from the fragment: it never reaches a server log or a Referer. */
export function setupLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/dashboard/setup#token=${token}`;
}

function checkedEmail(raw: string | undefined): string {
  if (!raw || raw.length > 320 || !EMAIL.test(raw.trim()))
    throw new UsageError("--email must be an email address");
  return raw.trim();
}

function printLink(
  out: Out,
  json: boolean,
  r: { link: string; accountId: string; userId: string; email: string; expiresAt: Date },
) {
  if (json) {
    out(JSON.stringify({ link: r.link, account_id: r.accountId, user_id: r.userId, email: r.email }));
    return;
  }
  printShownOnce(
    out,
    `Sign-in link for ${r.email} (user ${r.userId}), valid until ${r.expiresAt.toISOString()}, usable once:`,
    r.link,
    "Send it to that person only: whoever opens it sets the account's password.",
  );
}

async function create(db: PrismaClient, args: string[], out: Out, opts: AccountsCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      user: { type: "string" },
      email: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  const userId = userIdFlag(values.user);
  const email = checkedEmail(values.email);
  try {
    const { account, link } = await createAccount(db, {
      userId,
      email,
      defaultPlan: opts.defaultPlan,
    });
    printLink(out, values.json, {
      link: setupLink(opts.publicBaseUrl, link.token),
      accountId: account.id,
      userId: account.userId,
      email: account.email,
      expiresAt: link.expiresAt,
    });
  } catch (err) {
    if (err instanceof AccountEmailTakenError) {
      throw new UsageError(`${err.message}; for a new sign-in link: ctxlog accounts link --email <email>`);
    }
    throw err;
  }
}

async function list(db: PrismaClient, args: string[], out: Out) {
  const { userId, json } = listFlags(args);
  const rows = [];
  let after: string | undefined;
  do {
    const page = await listAccounts(db, userId, { limit: 100, after });
    rows.push(...page.rows);
    after = page.nextAfter ?? undefined;
  } while (after);
  const summaries = rows.map((a) => ({
    account_id: a.id,
    user_id: a.userId,
    email: a.email,
    status: a.hasPassword ? "active" : "invited",
    created_at: a.createdAt.toISOString(),
    last_sign_in_at: a.lastSignInAt?.toISOString() ?? null,
  }));
  printRows(
    out,
    json,
    summaries,
    `No accounts for user ${userId}.`,
    (a) =>
      `${a.account_id}  ${a.email}  ${a.status}${a.last_sign_in_at ? `  last sign-in ${a.last_sign_in_at}` : ""}`,
  );
}

async function link(db: PrismaClient, args: string[], out: Out, opts: AccountsCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, json: { type: "boolean", default: false } },
    strict: true,
  });
  const account = await findAccountByEmail(db, checkedEmail(values.email));
  if (!account) throw new UsageError(`no account with the email ${values.email}`);
  const issued = await createSignInLink(db, account.id);
  printLink(out, values.json, {
    link: setupLink(opts.publicBaseUrl, issued.token),
    accountId: account.id,
    userId: account.userId,
    email: account.email,
    expiresAt: issued.expiresAt,
  });
}

export async function runAccountsCommand(
  db: PrismaClient,
  argv: string[],
  out: Out,
  opts: AccountsCommandOptions,
) {
  await runSubcommand(argv, ACCOUNTS_USAGE, {
    create: (args) => create(db, args, out, opts),
    list: (args) => list(db, args, out),
    link: (args) => link(db, args, out, opts),
  });
}
