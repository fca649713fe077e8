import pino, { type DestinationStream, type Logger } from "pino";

/** Names under which a secret travels: at the top of a log object, or one level down. */
const SECRET_NAMES = [
  "secret", // webhook signing secrets (whsec_…)
  "previousSecret", // the one still valid during a rotation's overlap
  "key", // API keys (sk_…, pk_…)
  "apiKey",
  "privateKey",
  "SIGNER_PRIVATE_KEY", // an env object: the chain signer
  "ATTESTATION_PRIVATE_KEY", // an env object: the key that signs context hashes
  "DATABASE_URL", // may carry a password
  "REDIS_URL",
  "SMTP_URL", // may carry the mail server's password
  "password",
  "passwordHash", // dashboard accounts
  "token", // sign-in link and session tokens
  "csrfToken",
  "authorization",
  "cookie",
];

/**
 * One redaction list for every process. A second line of defence: log lines name ids, never a
 * secret, but an object logged whole (an env, a request, a webhook row) must not leak one.
 */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_NAMES,
  ...SECRET_NAMES.map((name) => `*.${name}`),
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  '*.headers["x-api-key"]',
  '*.headers["x-csrf-token"]',
];

export const REDACTED = "[redacted]";

export interface LoggerOptions {
  /** the `service` field of every line, e.g. "ctxlog-api" */
  service: string;
  level: string;
  /** where lines go; default stdout, buffered (see `sync`). Tests pass a stream of their own. */
  destination?: DestinationStream;
  /**
   * Write each line to stdout at once. The default buffers ~4 KiB per write (one write per many
   * lines instead of one per line), which `handleShutdown` flushes on the way out, and at least
   * every LOG_FLUSH_INTERVAL_MS meanwhile.
   */
  sync?: boolean;
  /** paths redacted on top of REDACT_PATHS, for what only this process logs */
  redact?: readonly string[];
}

/**
 * The longest a buffered line waits to be written. A quiet process (a worker whose loop reports an
 * outage every 10–30 s in lines of a few hundred bytes) would otherwise fill the 4 KiB buffer only
 * after minutes, and look as if it had stopped.
 */
export const LOG_FLUSH_INTERVAL_MS = 1_000;

/** JSON lines with the service and the pid, secrets redacted by path (REDACT_PATHS). */
export function createLogger(opts: LoggerOptions): Logger {
  const destination =
    opts.destination ??
    pino.destination(
      opts.sync ? { sync: true } : { sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_INTERVAL_MS },
    );
  return pino(
    {
      level: opts.level,
      base: { service: opts.service, pid: process.pid },
      redact: { paths: [...REDACT_PATHS, ...(opts.redact ?? [])], censor: REDACTED },
    },
    destination,
  );
}
