import type * as Nodemailer from "nodemailer";
import type { MailMessage, MailSender } from "./mail-message";

export interface SmtpSenderOptions {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when the server offers it; add `?requireTLS=true` to
   * insist), `smtps://user:pass@host:465` (TLS from the start), or a relay without credentials.
   */
  smtpUrl: string;
  /** the From header, e.g. `ctxlog <no-reply@example.com>` */
  from: string;
  /** connecting, the greeting and every later reply each wait at most this long (ms) */
  timeoutMs?: number;
}

/** Where an SMTP_URL points, without its credentials: for logs and start-up lines. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * A sender over SMTP with nodemailer: one connection per message (mails here are few). nodemailer
 * (700 KB of JavaScript) is loaded here, when a deployment sends mail, not by every process that
 * imports this package.
 */
export function createSmtpSender(opts: SmtpSenderOptions): MailSender {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const nodemailer = require("nodemailer") as typeof Nodemailer;
  const transport = nodemailer.createTransport(
    {
      url: opts.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      // nodemailer's own logger stays off: it would print the message, link included
      logger: false,
      debug: false,
    },
    { from: opts.from },
  );
  return {
    description: `SMTP ${describeSmtpUrl(opts.smtpUrl)}`,
    async send(message: MailMessage) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}
