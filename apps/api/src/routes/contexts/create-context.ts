import { createHash } from "node:crypto";
import { AppError, agentMatches, buildNewContexts, canonicalJson } from "@ctxlog/core";
import { IdempotencyConflictError } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { createdContextResource } from "./context-resource";
import {
  type createContextBodySchema,
  type createContextHeadersSchema,
  MAX_CONTEXT_DATA_BYTES,
  MAX_METADATA_BYTES,
} from "./schemas";

function checkSize(field: string, value: unknown, max: number) {
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > max) {
    throw new AppError("PAYLOAD_TOO_LARGE", `${field} is ${bytes} bytes serialized; the limit is ${max}.`);
  }
}

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
    checkSize("context_data", body.context_data, MAX_CONTEXT_DATA_BYTES);
    checkSize("metadata", body.metadata ?? {}, MAX_METADATA_BYTES);
    if (auth.type === "restricted" && !agentMatches(body.agent_id, auth.agentPatterns)) {
      throw new AppError(
        "INSUFFICIENT_PERMISSIONS",
        `This key may not create contexts for agent ${body.agent_id}.`,
      );
    }

    // Signed before any transaction opens, so no pooled connection waits on the curve math.
    const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
    const row = only(
      await buildNewContexts(owner, [body], {
        signer,
        network: env.NETWORK_NAME,
        confirmationDelayMs: confirmationEstimate.delayMs(),
      }),
    );

    const key = headers["Idempotency-Key"];
    if (key === undefined) {
      // The hot path: batched with concurrent requests into one INSERT; answered after the commit.
      const stored = await contextWriter.add(row);
      res.setHeader("Location", `/v1/contexts/${row.id}`);
      res.status(202).json(createdContextResource(stored, signer));
      return;
    }

    const idempotency = {
      userId: auth.userId,
      keyFamilyId: auth.keyFamilyId,
      key,
      method: req.method,
      path: req.baseUrl + req.path,
      // what the client sent, byte for byte the same JSON whatever the schema made of it
      requestHash: createHash("sha256").update(canonicalJson(req.body)).digest("hex"),
    };
    let result: Awaited<ReturnType<typeof contextWriter.addIdempotent>>;
    try {
      result = await contextWriter.addIdempotent([row], idempotency, (stored) => ({
        status: 202,
        body: JSON.stringify(createdContextResource(only(stored), signer)),
      }));
    } catch (err) {
      if (err instanceof IdempotencyConflictError)
        throw new AppError("CONFLICT", err.message, { cause: err });
      throw err;
    }

    const created = result.contextIds?.[0];
    if (created !== undefined) res.setHeader("Location", `/v1/contexts/${created}`);
    if (result.replayed) res.setHeader("Idempotent-Replayed", "true");
    res.status(result.status).type("application/json").send(result.body);
  };
}
