import { newId } from "@ctxlog/core";
import type { RequestHandler } from "express";
import pino, { type Logger } from "pino";
import { redactUrl } from "./redact-url";

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

declare module "express-serve-static-core" {
  interface Request {
    /** the request id: the caller's X-Request-Id when sane, ours otherwise */
    id: string;
    /** the app's logger (bind `req: { id }` when logging about this request) */
    log: Logger;
  }
}

/**
 * JSON access log, one line per request when its response is finished (or its connection closed
 * first), with a request id: the caller's X-Request-Id when sane, ours otherwise. Hand-written
 * rather than pino-http because that builds a child logger per request: ~50 µs, an eighth of a
 * POST /v1/contexts.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : newId("req");
    req.id = id;
    res.setHeader("X-Request-Id", id);
    req.log = logger;
    const done = (aborted: boolean) => {
      res.removeListener("finish", onFinish);
      res.removeListener("close", onClose);
      const status = res.statusCode;
      const level = aborted ? "warn" : status >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, url: redactUrl(req.originalUrl) },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - startedAt),
        },
        aborted ? "request aborted" : "request completed",
      );
    };
    const onFinish = () => done(false);
    const onClose = () => done(!res.writableFinished);
    res.once("finish", onFinish);
    res.once("close", onClose);
    next();
  };
}
