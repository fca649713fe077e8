import type { IncomingMessage, ServerResponse } from "node:http";
import { newId } from "@ctxlog/core";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Secrets never reach a log line: keys, signatures and webhook secrets are redacted by path. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  // Buffered, asynchronous writes to stdout: one write per ~4 KiB of log lines instead of one per
  // request. main.ts flushes the buffer on shutdown. Tests pass a stream of their own.
  destination ??= pino.destination({ sync: false, minLength: 4096 });
  return pino(
    {
      level,
      base: { service: "ctxlog-api", pid: process.pid },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "*.secret",
          "*.key",
          "*.privateKey",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/** JSON access log with a request id: the caller's X-Request-Id when sane, ours otherwise. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : newId("req");
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
