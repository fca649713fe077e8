/** One mail: a plain-text body and the same in simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mails go: an SMTP server (smtp-sender.ts) or, in development, this process's output. */
export interface MailSender {
  /** what it is, for logs and start-up lines (never the SMTP_URL: it may hold a password) */
  readonly description: string;
  /** Resolves once the server accepted the message; rejects with the reason otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}
