import { AppError, buildNewContexts } from "@ctxlog/core";
import type { ApiDeps } from "../../deps";
import { applyRateLimit } from "../../http/rate-limit";
import { JsonAnswer } from "../../http/send-json";
import type { RouteHandler } from "../route-spec";
import { findNewContextProblem } from "./check-new-context";
import { createdContextsJson, writeCreatedContexts } from "./context-json";
import { idempotencyRequest, writeIdempotently } from "./idempotent-write";
import type { createContextHeadersSchema, createContextsBatchBodySchema } from "./schemas";

/**
 * POST /v1/contexts/batch: up to 500 contexts in one request, all or nothing. Every item passes the
 * checks of POST /v1/contexts (its schema already did in the router, with each bad item's index);
 * then the batch costs one rate-limit unit per context, then its rows are built (hashed, signed)
 * and written in ONE INSERT (or in the Idempotency-Key's transaction) with one anchoring job.
 * The answer lists the records in the order sent, each as POST /v1/contexts answers it.
 */
export function createContextsBatch({
  env,
  signer,
  contextWriter,
  confirmationEstimate,
  rateLimiter,
}: ApiDeps): RouteHandler<{
  body: typeof createContextsBatchBodySchema;
  headers: typeof createContextHeadersSchema;
}> {
  return async ({ body, headers, auth, req, res }) => {
    const inputs = body.contexts;
    const canonical: string[] = [];
    const details = inputs.flatMap((input, index) => {
      const checked = findNewContextProblem(input, auth);
      if (checked.canonical !== undefined) {
        canonical.push(checked.canonical);
        return [];
      }
      const { problem } = checked;
      return [
        { index, code: problem.code, path: `contexts.${index}.${problem.path}`, message: problem.message },
      ];
    });
    const first = details[0];
    if (first) {
      throw new AppError(
        "VALIDATION_ERROR",
        `${details.length} of ${inputs.length} contexts refused; the first: ${first.path}: ${first.message}`,
        { details },
      );
    }

    // The request itself spent one unit in the rate-limit middleware; each further context one more.
    if (inputs.length > 1) {
      const state = await rateLimiter.consume(auth.userId, auth.plan, inputs.length - 1);
      req.rateLimit = state;
      applyRateLimit(
        res,
        state,
        `This batch costs ${inputs.length} units of the rate limit and ${state.remaining + 1} were left ` +
          "(this request's own unit included); nothing was written. Retry later or send fewer.",
      );
    }

    const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
    const rows = await buildNewContexts(owner, inputs, {
      signer,
      network: env.NETWORK_NAME,
      confirmationDelayMs: confirmationEstimate.delayMs(),
      canonical,
    });

    const key = headers["Idempotency-Key"];
    if (key === undefined) {
      const stored = await contextWriter.addMany(rows);
      const answer = new JsonAnswer();
      writeCreatedContexts(stored, signer, answer);
      answer.send(res, 202);
      return;
    }
    await writeIdempotently(
      contextWriter,
      rows,
      idempotencyRequest(auth, key, req),
      (stored) => ({ status: 202, body: createdContextsJson(stored, signer) }),
      res,
      () => undefined,
    );
  };
}
