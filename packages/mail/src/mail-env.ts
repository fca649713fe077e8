import { optionalEnv } from "@ctxlog/core";
import { z } from "zod";
import type { MailSender } from "./mail-message";
import { createPrintingSender } from "./printing-sender";
import { createSmtpSender } from "./smtp-sender";

/** The mail settings of the API and the CLI (one definition, so both read them the same way). */
export const mailEnv = {
  // Invitations and sign-in links are mailed through this server: smtp://user:pass@host:587
  // (STARTTLS when offered; ?requireTLS=true to insist) or smtps://user:pass@host:465.
  SMTP_URL: optionalEnv(
    z.url({ protocol: /^smtps?$/, error: "an SMTP server as smtp://[user:pass@]host[:port] or smtps://…" }),
  ),
  // The From of those mails, e.g. `ctxlog <no-reply@example.com>`; required with SMTP_URL.
  MAIL_FROM: optionalEnv(
    z
      .string()
      .trim()
      .regex(/^[^@\s<>]+@[^@\s<>]+$|^[^<>]*<[^@\s<>]+@[^@\s<>]+>$/, "an address, or `Name <address>`"),
  ),
};

export interface MailSettings {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
}

/** A refinement for an env schema: MAIL_FROM must come with SMTP_URL (servers refuse a made-up From). */
export function checkMailEnv(env: MailSettings, ctx: z.RefinementCtx): void {
  if (env.SMTP_URL && !env.MAIL_FROM) {
    ctx.addIssue({
      code: "custom",
      path: ["MAIL_FROM"],
      message: "is required with SMTP_URL: the From of invitations, e.g. `ctxlog <no-reply@example.com>`",
    });
  }
}

/**
 * Where the API's mails go: SMTP_URL's server; without it, in development (CTXLOG_DEV_MODE), this
 * process's output; otherwise nowhere (null: the API answers invitations with 503 rather than
 * print links to a production log).
 */
export function apiMailSender(
  env: MailSettings,
  opts: { development: boolean; print?: (text: string) => void },
): MailSender | null {
  if (env.SMTP_URL) return createSmtpSender({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? "" });
  return opts.development ? createPrintingSender(opts.print) : null;
}
