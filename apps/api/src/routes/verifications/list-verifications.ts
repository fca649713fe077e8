import { listVerifications as findVerifications } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import type { listVerificationsQuerySchema } from "./schemas";
import { verificationResource } from "./verification-resource";

/** GET /v1/verifications — newest first, optionally of one context, cursor-paginated. */
export function listVerifications({
  db,
}: ApiDeps): RouteHandler<{ query: typeof listVerificationsQuerySchema; scope: "verifications" }> {
  return async ({ query, scope, res }) => {
    const page = await findVerifications(db, scope, {
      limit: query.limit,
      after: readCursor(query.cursor, "verifications"),
      contextId: query.context_id,
      createdAfter: query.created_after === undefined ? undefined : new Date(query.created_after),
      createdBefore: query.created_before === undefined ? undefined : new Date(query.created_before),
    });
    res.json({
      data: page.rows.map(verificationResource),
      next_cursor: nextCursor("verifications", page.nextAfter),
    });
  };
}
