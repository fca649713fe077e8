import { parseArgs } from "node:util";
import {
  type Account,
  AccountEmailTakenError,
  createAccount,
  createSignInLink,
  disableAccount,
  enableAccount,
  findAccountsWithEmail,
  findPersonByEmail,
  LastAccountError,
  listAccounts,
  type PrismaClient,
  removeAccount,
} from "@ctxlog/db";
import {
  formatExpiry,
  invitationMail,
  type MailMessage,
  type MailSender,
  setupLinkUrl,
  signInLinkMail,
  signInPageUrl,
} from "@ctxlog/mail";
import { CommandFailed, UsageError } from "../env";
import { listFlags, userIdFlag } from "./flags";
import { type Out, printRows, printShownOnce } from "./output";
import { runSubcommand } from "./run-subcommand";

export const ACCOUNTS_USAGE = `Usage:
  ctxlog accounts create --user <user_id> --email <email> [--json]   # an invitation, mailed (SMTP_URL)
  ctxlog accounts list --user <user_id> [--json]
  ctxlog accounts link --email <email> [--user <user_id>] [--json]   # a new sign-in link, mailed (e.g. a forgotten password)
  ctxlog accounts disable --email <email> [--user <user_id>] [--force]   # no sign-in; sessions and links end now
  ctxlog accounts enable --email <email> [--user <user_id>]
  ctxlog accounts remove --email <email> [--user <user_id>] [--force]    # sessions and links end; the email is free again
  (--user: when several users have invited the email; --force: even the user's last account that can sign in)
  Links are mailed to the email through SMTP_URL; without it they are printed here, for you to pass on.`;

// Deliberately loose (the dashboard's own check is the same): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

export interface AccountsCommandOptions {
  defaultPlan: string;
  /** PUBLIC_BASE_URL: the links point at its /dashboard/setup */
  publicBaseUrl: string;
  /** SMTP_URL's sender; null: SMTP_URL is unset, links are printed for the operator to pass on */
  mail: MailSender | null;
  /** CTXLOG_DEV_MODE: printing links is then the development fallback, and said so */
  development: boolean;
}

function checkedEmail(raw: string | undefined): string {
  if (!raw || raw.length > 320 || !EMAIL.test(raw.trim()))
    throw new UsageError("--email must be an email address");
  return raw.trim();
}

interface Delivery {
  what: "invitation" | "sign-in link";
  account: Pick<Account, "id" | "userId" | "email">;
  link: string;
  expiresAt: Date;
  message: MailMessage;
}

/**
 * Mails the link to the account's email (SMTP_URL), or, without SMTP_URL, prints it for the
 * operator, saying why: the development fallback, or (production) that it was not mailed and must
 * reach that person only. The link is printed in no other case.
 */
async function deliver(out: Out, json: boolean, opts: AccountsCommandOptions, d: Delivery) {
  const { account } = d;
  const summary = {
    account_id: account.id,
    user_id: account.userId,
    email: account.email,
    expires_at: d.expiresAt.toISOString(),
  };
  if (opts.mail) {
    try {
      await opts.mail.send(d.message);
    } catch (err) {
      throw new CommandFailed(
        `could not mail the ${d.what} to ${account.email} (${(err as Error).message}); the account is there: \`ctxlog accounts link --email ${account.email} --user ${account.userId}\` mails a new link`,
      );
    }
    if (json) out(JSON.stringify({ ...summary, mailed: true }));
    else {
      out(
        `${d.what === "invitation" ? "Invitation" : "Sign-in link"} mailed to ${account.email} (account ${account.id}, user ${account.userId}); its link works once, until ${formatExpiry(d.expiresAt)}.`,
      );
    }
    return;
  }
  if (json) {
    out(JSON.stringify({ link: d.link, ...summary, mailed: false }));
    return;
  }
  const why = opts.development
    ? "Development fallback: SMTP_URL is unset, so the link is printed here instead of mailed."
    : "SMTP_URL is unset: nothing was mailed.";
  out(why);
  printShownOnce(
    out,
    `Sign-in link for ${account.email} (user ${account.userId}), usable once, until ${formatExpiry(d.expiresAt)}:`,
    d.link,
    `Give it to ${account.email} only: whoever opens it sets the password that email signs in with.`,
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
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount(db, { userId, email, defaultPlan: opts.defaultPlan });
  } catch (err) {
    if (err instanceof AccountEmailTakenError) {
      throw new UsageError(`${err.message}; for a new sign-in link: ctxlog accounts link --email <email>`);
    }
    throw err;
  }
  const { account, link } = created;
  const url = setupLinkUrl(opts.publicBaseUrl, link.token);
  // whether the email already signs in elsewhere only changes the mail, read by its owner alone
  const personExists = (await findPersonByEmail(db, account.email)) !== null;
  await deliver(out, values.json, opts, {
    what: "invitation",
    account,
    link: url,
    expiresAt: link.expiresAt,
    message: invitationMail({
      to: account.email,
      userId,
      invitedBy: null,
      link: url,
      expiresAt: link.expiresAt,
      personExists,
      signInUrl: signInPageUrl(opts.publicBaseUrl, userId),
    }),
  });
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
    status: a.disabledAt ? "disabled" : a.joined ? "active" : "invited",
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

/** The account an --email (and, when several users have invited it, --user) names. */
async function namedAccount(db: PrismaClient, rawEmail: string | undefined, rawUser: string | undefined) {
  const email = checkedEmail(rawEmail);
  const userId = rawUser === undefined ? undefined : userIdFlag(rawUser);
  const all = await findAccountsWithEmail(db, email);
  const matches = userId === undefined ? all : all.filter((a) => a.userId === userId);
  const [only] = matches;
  if (!only) throw new UsageError(`no account with the email ${email}${userId ? ` for user ${userId}` : ""}`);
  if (matches.length > 1) {
    const users = matches.map((a) => a.userId).join(", ");
    throw new UsageError(`users ${users} each have an account with the email ${email}: add --user <user_id>`);
  }
  return only;
}

const accountFlags = {
  email: { type: "string" },
  user: { type: "string" },
  json: { type: "boolean", default: false },
  force: { type: "boolean", default: false },
} as const;

async function link(db: PrismaClient, args: string[], out: Out, opts: AccountsCommandOptions) {
  const { values } = parseArgs({ args, options: accountFlags, strict: true });
  const account = await namedAccount(db, values.email, values.user);
  if (account.disabledAt) throw new UsageError(`${account.email} is disabled: ctxlog accounts enable first`);
  const issued = await createSignInLink(db, account.id);
  const url = setupLinkUrl(opts.publicBaseUrl, issued.token);
  await deliver(out, values.json, opts, {
    what: "sign-in link",
    account,
    link: url,
    expiresAt: issued.expiresAt,
    message: signInLinkMail({
      to: account.email,
      userId: account.userId,
      link: url,
      expiresAt: issued.expiresAt,
    }),
  });
}

/** disable, enable, remove: one account by --email (and --user), its new state printed. */
async function changeAccount(
  db: PrismaClient,
  args: string[],
  out: Out,
  action: "disable" | "enable" | "remove",
) {
  const { values } = parseArgs({ args, options: accountFlags, strict: true });
  const named = await namedAccount(db, values.email, values.user);
  const input = { userId: named.userId, accountId: named.id, allowLast: values.force };
  let changed: Account | null;
  try {
    changed =
      action === "disable"
        ? await disableAccount(db, input)
        : action === "enable"
          ? await enableAccount(db, input)
          : await removeAccount(db, input);
  } catch (err) {
    if (!(err instanceof LastAccountError)) throw err;
    throw new UsageError(
      `${named.email} is the last account of user ${named.userId} that can sign in; add --force to ${action} it anyway`,
    );
  }
  if (!changed) throw new UsageError(`no account with the email ${named.email}`);
  const state = { disable: "disabled", enable: "enabled", remove: "removed" }[action];
  if (values.json) {
    out(JSON.stringify({ account_id: changed.id, user_id: changed.userId, email: changed.email, state }));
  } else {
    const now = action === "enable" ? "it signs in with its password again" : "its sessions and links ended";
    out(`${changed.email} (account ${changed.id}, user ${changed.userId}): ${state}; ${now}.`);
  }
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
    disable: (args) => changeAccount(db, args, out, "disable"),
    enable: (args) => changeAccount(db, args, out, "enable"),
    remove: (args) => changeAccount(db, args, out, "remove"),
  });
}
