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
 * POST /v1/contexts: build the row (buildNewContexts: hash, sign, ids, times), then hand it to the
 * context writer, which writes it (its sequence in the agent's log assigned in that transaction)
 * and queues its anchoring after the commit. The answer carries the signed receipt. With an
 * Idempotency-Key the row and the key's record share one transaction. If the queue is down after
 * the commit the row is still anchored: the chain worker's reconciler re-enqueues pending rows.
 */
export function createContext({ env, signer, contextWriter, confirmationEstimate }: ApiDeps): RouteHandler<{
  body: typeof createContextBodySchema;
  headers: typeof createContextHeadersSchema;
}> {
  return async ({ body, headers, auth, req, res }) => {
    const canonical = checkNewContext(body, auth);

    // Signed before any transaction opens, so no pooled connection waits on the curve math.
    const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
    const row = only(
      await buildNewContexts(owner, [body], {
        signer,
        network: env.NETWORK_NAME,
        confirmationDelayMs: confirmationEstimate.delayMs(),
        canonical: [canonical],
      }),
    );

    const key = headers["Idempotency-Key"];
    if (key === undefined) {
      // The hot path: batched with concurrent requests into one INSERT; answered after the commit.
      const stored = await contextWriter.add(row);
      res.setHeader("Location", `/v1/contexts/${row.id}`);
      sendJsonText(res, 202, createdContextJson(stored, signer));
      return;
    }

    await writeIdempotently(
      contextWriter,
      [row],
      idempotencyRequest(auth, key, req),
      (stored) => ({ status: 202, body: createdContextJson(only(stored), signer) }),
      res,
      ([created]) => (created === undefined ? undefined : `/v1/contexts/${created}`),
    );
  };
}
