import { createHash } from "node:crypto";
import { AppError, agentMatches, canonicalJson, hashContext, newId } from "@ctxlog/core";
import {
  IdempotencyConflictError,
  insertContext,
  type NewContext,
  pendingContextRow,
  withIdempotency,
} from "@ctxlog/db";
import { enqueueAnchoring } from "../../contexts/context-writer";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
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

/**
 * POST /v1/contexts: hash and sign, write the pending row, then queue anchoring. With an
 * Idempotency-Key the row and the key's record share one transaction. If the queue is down after
 * the commit the row is still anchored: the chain worker's reconciler re-enqueues pending rows.
 */
export function createContext({
  db,
  env,
  queues,
  signer,
  logger,
  contextWriter,
  confirmationEstimate,
}: ApiDeps): RouteHandler<{
  body: typeof createContextBodySchema;
  headers: typeof createContextHeadersSchema;
}> {
  return async ({ body, headers, auth, req, res }) => {
    const key = headers["Idempotency-Key"] ?? null;
    checkSize("context_data", body.context_data, MAX_CONTEXT_DATA_BYTES);
    checkSize("metadata", body.metadata ?? {}, MAX_METADATA_BYTES);
    if (auth.type === "restricted" && !agentMatches(body.agent_id, auth.agentPatterns)) {
      throw new AppError(
        "INSUFFICIENT_PERMISSIONS",
        `This key may not create contexts for agent ${body.agent_id}.`,
      );
    }

    const metadata = body.metadata ?? {};
    const { canonical, contextHash } = hashContext({
      agent_id: body.agent_id,
      context_data: body.context_data,
      metadata,
    });
    // Signed before the transaction opens, so no pooled connection waits on the curve math.
    const signature = await signer.sign(contextHash);
    const createdAt = new Date();
    const confirmationDelayMs = confirmationEstimate.delayMs();
    const idempotency =
      key === null
        ? null
        : {
            userId: auth.userId,
            keyFamilyId: auth.keyFamilyId,
            key,
            method: req.method,
            path: req.baseUrl + req.path,
            requestHash: createHash("sha256").update(canonicalJson(req.body)).digest("hex"),
          };

    const row: NewContext = {
      id: newId("ctx"),
      userId: auth.userId,
      apiKeyId: auth.keyId,
      keyFamilyId: auth.keyFamilyId,
      agentId: body.agent_id,
      contextData: body.context_data as NewContext["contextData"],
      metadata: metadata as NewContext["metadata"],
      visibility: body.visibility ?? "private",
      canonicalJson: canonical,
      contextHash,
      signature,
      signerAddress: signer.address,
      network: env.NETWORK_NAME,
      createdAt,
      estimatedConfirmation: new Date(createdAt.getTime() + confirmationDelayMs),
    };

    if (!idempotency) {
      // The hot path: batched with concurrent requests into one INSERT; answered after the commit.
      await contextWriter.add(row);
      res.setHeader("Location", `/v1/contexts/${row.id}`);
      res.status(202).json(contextResource(pendingContextRow(row)));
      return;
    }

    let result: Awaited<ReturnType<typeof withIdempotency<string>>>;
    try {
      result = await withIdempotency(db, idempotency, async (tx) => {
        const inserted = await insertContext(tx, row);
        return { status: 202, body: JSON.stringify(contextResource(inserted)), value: inserted.id };
      });
    } catch (err) {
      if (err instanceof IdempotencyConflictError)
        throw new AppError("CONFLICT", err.message, { cause: err });
      throw err;
    }

    if (result.value !== undefined) {
      await enqueueAnchoring(queues, logger, [result.value]);
      res.setHeader("Location", `/v1/contexts/${result.value}`);
    }
    if (result.replayed) res.setHeader("Idempotent-Replayed", "true");
    res.status(result.status).type("application/json").send(result.body);
  };
}
