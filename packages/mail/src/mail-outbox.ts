import type { MailMessage, MailSender } from "./mail-message";

/** The part of a pino logger the outbox uses. */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a mail is about, for the logs: never its text or address (the link in it is a secret). */
export interface MailLabel {
  /** e.g. "invitation", "sign-in link" */
  mail: string;
  accountId: string;
}

/** After a failed attempt, the next one waits this long: four attempts over ~6 minutes. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [10_000, 60_000, 300_000];

/** An SMTP failure as logged: the reason and the server's code, nothing of the message. */
function failure(err: unknown): { err: string; code?: unknown; responseCode?: unknown } {
  if (!(err instanceof Error)) return { err: String(err) };
  const { code, responseCode } = err as { code?: unknown; responseCode?: unknown };
  return { err: err.message, code, responseCode };
}

/**
 * Sends mails off the request path: `post` returns at once, so an answer never waits for SMTP (it
 * takes the same time whoever the address belongs to, and an SMTP outage is no API outage). A
 * failed attempt is retried after each of `retryDelaysMs`; every failure is logged (warn), the
 * last one as an error saying how to get a new link; a sent mail is logged (info). In memory: a
 * mail waiting for a retry when the process stops is given up, and logged as such.
 */
export class MailOutbox {
  private readonly underWay = new Set<Promise<void>>();

  private readonly waits = new Set<() => void>();

  private closed = false;

  constructor(
    private readonly sender: MailSender,
    private readonly log: MailLog,
    private readonly retryDelaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS,
  ) {}

  get description(): string {
    return this.sender.description;
  }

  /** Sends in the background; `build` writes the message once, before the first attempt. */
  post(label: MailLabel, build: () => MailMessage | Promise<MailMessage>): void {
    const run: Promise<void> = this.deliver(label, build).finally(() => this.underWay.delete(run));
    this.underWay.add(run);
  }

  private async deliver(label: MailLabel, build: () => MailMessage | Promise<MailMessage>) {
    let message: MailMessage;
    try {
      message = await build();
    } catch (err) {
      this.log.error({ ...label, ...failure(err) }, "mail not sent: it could not be written");
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.sender.send(message);
        // `via`: the SMTP server (never its credentials), or the development fallback's printing
        this.log.info({ ...label, attempt, via: this.sender.description }, "mail sent");
        return;
      } catch (err) {
        const delay = this.retryDelaysMs[attempt - 1];
        if (delay === undefined || this.closed) {
          this.log.error(
            { ...label, attempt, ...failure(err) },
            "mail not sent, given up: invite the email again (or `ctxlog accounts link`) for a new link",
          );
          return;
        }
        this.log.warn(
          { ...label, attempt, retryInMs: delay, ...failure(err) },
          "mail not sent yet: retrying",
        );
        if (!(await this.wait(delay))) {
          this.log.error({ ...label, attempt }, "mail not sent: the process stopped before its retry");
          return;
        }
      }
    }
  }

  /** true after `ms`; false as soon as the outbox closes. */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const cancel = () => {
        clearTimeout(timer);
        this.waits.delete(cancel);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.waits.delete(cancel);
        resolve(true);
      }, ms);
      timer.unref();
      this.waits.add(cancel);
    });
  }

  /** Resolves once no mail is under way (retries included). */
  async idle(): Promise<void> {
    while (this.underWay.size > 0) await Promise.all([...this.underWay]);
  }

  /** Gives up the mails waiting for a retry (logged), lets one being sent finish, closes the sender. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of [...this.waits]) cancel();
    await this.idle();
    this.sender.close();
  }
}
