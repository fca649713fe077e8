import { listVerifications as findVerifications } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { nextCursor, readCursor } from "../list-cursors";
import { verificationViewer } from "./get-verification";
import { listVerificationsQuerySchema } from "./schemas";
import { verificationResource } from "./verification-resource";

/** GET /v1/verifications — newest first, optionally of one context, cursor-paginated. */
export function listVerifications({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listVerificationsQuerySchema, req.query, "query");
    const page = await findVerifications(db, verificationViewer(auth), {
      limit: query.limit,
      after: readCursor(query.cursor, "verifications"),
      contextId: query.context_id,
    });
    res.json({
      data: page.rows.map(verificationResource),
      next_cursor: nextCursor("verifications", page.nextAfter),
    });
  };
}
