import { AppError } from "@ctxlog/core";
import type { RequestHandler } from "express";
import { errorHandler } from "./errors";

declare module "express-serve-static-core" {
  interface Locals {
    /** set when the deadline answered for the route: what the route sends later goes nowhere */
    deadlinePassed?: boolean;
  }
}

/**
 * Every request is answered within `timeoutMs` (REQUEST_TIMEOUT_MS): a request still unanswered
 * then (a stalled PostgreSQL or Redis, connections open and nothing answering) gets 503
 * SERVICE_UNAVAILABLE with Retry-After, through the one error handler.
 *
 * The work itself is not interrupted: a write under way finishes in its own transaction, which
 * commits whole or not at all, and a retry with the same Idempotency-Key gets that one outcome
 * (or does the work, if it never committed). A response already begun (an export streaming) is
 * left to finish: it has answered, and its reads are bounded by the database timeouts.
 */
export function requestDeadline(timeoutMs: number): RequestHandler {
  return function enforceDeadline(req, res, next) {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      res.locals.deadlinePassed = true;
      errorHandler(
        new AppError("SERVICE_UNAVAILABLE", "The request took too long; retry with backoff."),
        req,
        res,
        () => {},
      );
    }, timeoutMs);
    const done = () => clearTimeout(timer);
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}
