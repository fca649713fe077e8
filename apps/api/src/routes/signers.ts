import { listSigners as findSigners } from "@ctxlog/db";
import { z } from "zod";
import type { ApiDeps } from "../deps";
import { nextCursor, readCursor } from "./list-cursors";
import { defineRoute, type RouteHandler, type RouteSpec } from "./route-spec";
import { listResponseSchema, paginationQuerySchema } from "./shared-schemas";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const signerSchema = z
  .object({
    address: z
      .string()
      .regex(ADDRESS)
      .meta({ description: "EIP-55 address that signs context hashes (EIP-191)." }),
    valid_from: z.iso
      .datetime()
      .meta({ description: "Contexts created from this time on may carry its signature." }),
    valid_until: z.iso
      .datetime()
      .nullable()
      .meta({ description: "End of its period; null while it is in use." }),
  })
  .meta({ id: "Signer" });

export const listSignersQuerySchema = paginationQuerySchema.strict();

/**
 * GET /v1/signers — every address the service has signed contexts with, and when: a signature is
 * valid when its signer was published at the context's created_at, so old contexts stay verifiable
 * after a key change. Public information: any valid key may read it.
 */
export function listSigners({
  db,
  signers,
}: ApiDeps): RouteHandler<{ query: typeof listSignersQuerySchema }> {
  return async ({ query, res }) => {
    const after = readCursor(query.cursor, "signers");
    await signers.ensure();
    const page = await findSigners(db, { limit: query.limit, after });
    res.json({
      data: page.rows.map((s) => ({
        address: s.address,
        valid_from: s.validFrom.toISOString(),
        valid_until: s.validUntil?.toISOString() ?? null,
      })),
      next_cursor: nextCursor("signers", page.next),
    });
  };
}

export const signerRoutes: RouteSpec[] = [
  defineRoute({
    method: "get",
    path: "/signers",
    operationId: "listSigners",
    summary: "The service's signer addresses and the periods they signed in",
    tag: "Verifications",
    query: listSignersQuerySchema,
    success: {
      status: 200,
      description: "A page of signers, the current one first",
      schema: listResponseSchema(signerSchema, "SignerList"),
    },
    errors: [400],
    handler: listSigners,
  }),
];
