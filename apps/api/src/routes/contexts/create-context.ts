import { buildNewContexts } from "@ctxlog/core";
import type { ApiDeps } from "../../deps";
import { sendJsonText } from "../../http/send-json";
import type { RouteHandler } from "../route-spec";
import { checkNewContext } from "./check-new-context";
import { createdContextJson } from "./context-json";
import { idempotencyRequest, writeIdempotently } from "./idempotent-write";
import type { createContextBodySchema, createContextHeadersSchema } from "./schemas";

/** The one row of a one-row batch (the builder and the writer take and give arrays). */
function only<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (rows.length !== 1 || row === undefined) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

/**
 * POST /v1/contexts: build the row (buildNewContexts: hash, ids, times), then hand it to the
 * context writer, which numbers it in the agent's log, signs its receipt (the context's one
 * signature) and writes it, and queues its anchoring after the commit. With an Idempotency-Key the
 * row and the key's record share one transaction. If the queue is down after the commit the row
 * is still anchored: the chain worker's reconciler re-enqueues pending rows.
 */
export function createContext({ env, signer, contextWriter, confirmationEstimate }: ApiDeps): RouteHandler<{
  body: typeof createContextBodySchema;
  headers: typeof createContextHeadersSchema;
}> {
  return async ({ body, headers, auth, req, res }) => {
    const canonical = checkNewContext(body, auth);
    const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
    const rows = buildNewContexts(owner, [body], {
      signer,
      network: env.NETWORK_NAME,
      confirmationDelayMs: confirmationEstimate.delayMs(),
      canonical: [canonical],
    });

    const key = headers["Idempotency-Key"];
    if (key === undefined) {
      // The hot path: batched with concurrent requests into one INSERT; answered after the commit.
      const stored = only(await contextWriter.write(rows));
      res.setHeader("Location", `/v1/contexts/${stored.id}`);
      sendJsonText(res, 202, createdContextJson(stored));
      return;
    }

    await writeIdempotently(
      contextWriter,
      rows,
      idempotencyRequest(auth, key, req),
      (stored) => ({ status: 202, body: createdContextJson(only(stored)) }),
      res,
      ([created]) => (created === undefined ? undefined : `/v1/contexts/${created}`),
    );
  };
}
