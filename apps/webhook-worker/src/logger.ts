import pino, { type Logger } from "pino";

/**
 * JSON logs. Delivery logs name ids only — never a URL (receivers put tokens in them), a body or
 * a secret; the redaction is the second line of defence.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ sync: false, minLength: 4096 });
  return pino(
    {
      level,
      base: { service: "ctxlog-webhook-worker" },
      redact: { paths: ["*.secret", "*.previousSecret", "*.url", "*.payload"], censor: "[redacted]" },
    },
    destination,
  );
}
