import { createLogger as createProcessLogger } from "@ctxlog/runtime";
import type { DestinationStream, Logger } from "pino";

/**
 * JSON logs (@ctxlog/runtime: the pid and the one redaction list, buffered writes flushed on
 * shutdown). Delivery logs name ids only — never a URL (receivers put tokens in them), a body or
 * a secret; the redaction is the second line of defence, with URLs and payloads added to it here.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return createProcessLogger({
    service: "ctxlog-webhook-worker",
    level,
    destination,
    redact: ["*.url", "*.payload"],
  });
}
