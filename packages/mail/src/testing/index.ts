// Test-only: a real SMTP server (smtp-server) on loopback that keeps every mail it receives, parsed
// (mailparser), for tests to read the links in them. Never a mock transport: the mail goes over SMTP.
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  /** envelope recipients, lowercased */
  to: string[];
  /** envelope sender */
  from: string;
  /** the From header as sent */
  fromHeader: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** smtp://[user:pass@]127.0.0.1:<port> */
  url: string;
  port: number;
  /** every mail received so far, oldest first */
  received: CapturedMail[];
  /** The oldest mail to `to` not taken yet (taking it), waiting up to `timeoutMs` for one. */
  nextMailTo(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** The next `count` messages are refused with a temporary failure (451), as a server in trouble. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** A sign-in link (…/dashboard/setup#token=…) in a mail's text; throws when there is none. */
export function setupLinkIn(mail: Pick<CapturedMail, "text">): string {
  const found = /https?:\/\/\S+\/dashboard\/setup#token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!found) throw new Error(`no setup link in the mail:\n${mail.text}`);
  return found[0];
}

/** The token of the setup link in a mail. */
export const setupTokenIn = (mail: Pick<CapturedMail, "text">) => setupLinkIn(mail).split("#token=")[1] ?? "";

export async function startSmtpCapture(
  opts: { auth?: { user: string; pass: string } } = {},
): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const arrivals = new EventEmitter();
  let refusals = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: opts.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !opts.auth,
    allowInsecureAuth: true, // loopback only
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on("end", () => {
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(err);
        });
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            fromHeader: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          received.push(mail);
          arrivals.emit("mail");
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.on("error", () => {}); // a client hanging up mid-session is no test failure
  const port = (server.server.address() as AddressInfo).port;
  const credentials = opts.auth
    ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@`
    : "";

  function take(to: string): CapturedMail | undefined {
    const mail = received.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
    if (mail) taken.add(mail);
    return mail;
  }

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    nextMailTo(to, timeoutMs = 10_000) {
      const now = take(to);
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const onMail = () => {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          arrivals.off("mail", onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off("mail", onMail);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        arrivals.on("mail", onMail);
      });
    },
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
