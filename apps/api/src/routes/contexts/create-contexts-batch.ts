import type { ApiDeps } from "../../deps";
import { sendJsonText } from "../../http/send-json";
import type { RouteHandler } from "../route-spec";
import { createdContextsJson } from "./context-json";
import { idempotencyRequest, writeIdempotently } from "./idempotent-write";
import type { createContextHeadersSchema, createContextsBatchBodySchema } from "./schemas";
import { newContextRows } from "./write-new-contexts";

/**
 * POST /v1/contexts/batch: up to 500 contexts in one request, all or nothing. The rate limit
 * charged the request one unit per context (its route declares `bodyItems`); every item passes
 * the checks of POST /v1/contexts (its schema already did in the router, with each bad item's
 * index); then its rows are written in ONE INSERT (or in the Idempotency-Key's transaction) with
 * one anchoring job. The answer lists the records in the order sent, each as POST /v1/contexts
 * answers it.
 */
export function createContextsBatch(deps: ApiDeps): RouteHandler<{
  body: typeof createContextsBatchBodySchema;
  headers: typeof createContextHeadersSchema;
}> {
  return async ({ body, headers, auth, req, res }) => {
    const rows = newContextRows(deps, auth, body.contexts);
    const key = headers["Idempotency-Key"];
    if (key === undefined) {
      sendJsonText(res, 202, createdContextsJson(await deps.contextWriter.write(rows)));
      return;
    }
    await writeIdempotently(
      deps.contextWriter,
      rows,
      idempotencyRequest(auth, key, req),
      (stored) => ({ status: 202, body: createdContextsJson(stored) }),
      res,
      () => undefined,
    );
  };
}
