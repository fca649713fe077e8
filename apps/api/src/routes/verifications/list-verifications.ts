import { AppError, decodeCursor, encodeCursor } from "@ctxlog/core";
import { listVerifications as findVerifications } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { verificationViewer } from "./get-verification";
import { listVerificationsQuerySchema } from "./schemas";
import { verificationResource } from "./verification-resource";

/** GET /v1/verifications — newest first, optionally of one context, cursor-paginated. */
export function listVerifications({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listVerificationsQuerySchema, req.query, "query");
    let after: string | undefined;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor) ?? undefined;
      if (after === undefined) throw new AppError("VALIDATION_ERROR", "cursor is not one this API issued.");
    }
    const page = await findVerifications(db, verificationViewer(auth), {
      limit: query.limit,
      after,
      contextId: query.context_id,
    });
    res.json({
      data: page.rows.map(verificationResource),
      next_cursor: page.nextAfter ? encodeCursor(page.nextAfter) : null,
    });
  };
}
