import type { MailMessage, MailSender } from "./mail-message";

const RULE = "─".repeat(72);

/** A mail as the development fallback prints it: clearly not sent, the link readable. */
export function formatPrintedMail(message: MailMessage, why: string): string {
  return [
    `── ctxlog mail, NOT SENT (${why}) `.padEnd(72, "─"),
    `To:      ${message.to}`,
    `Subject: ${message.subject}`,
    "",
    message.text.trimEnd(),
    RULE,
    "",
  ].join("\n");
}

/**
 * Development without SMTP_URL: each mail is printed to this process's output (under `npm start`,
 * the terminal), as the CLI prints its links. Never for production: whoever reads the output could
 * use the links.
 */
export function createPrintingSender(
  write: (text: string) => void = (text) => process.stdout.write(text),
): MailSender {
  return {
    description: "printed to this process's output (development: SMTP_URL is unset)",
    async send(message: MailMessage) {
      write(formatPrintedMail(message, "development: SMTP_URL is unset"));
    },
    close: () => {},
  };
}
