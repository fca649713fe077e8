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
      .meta({
        description:
          "EIP-55 address. Of kind `attestation`: signs context hashes (EIP-191) and receipts (EIP-712). " +
          "Of kind `anchor`: sends the anchoring transactions (an Anchored log's submitter).",
      }),
    kind: z.enum(["attestation", "anchor"]).meta({
      description: "`attestation` keys sign (API); `anchor` keys pay for and send anchors (chain worker).",
    }),
    valid_from: z.iso.datetime().meta({
      description:
        "Attestation: contexts created from this time on may carry its signature. Anchor: its first anchor.",
    }),
    valid_until: z.iso
      .datetime()
      .nullable()
      .meta({ description: "End of its period; null while it is in use." }),
  })
  .meta({ id: "Signer" });

export const listSignersQuerySchema = paginationQuerySchema.strict();

/**
 * GET /v1/signers — every attestation key the service has signed contexts and receipts with, and
 * when (a signature is valid when its signer was published at the context's created_at, so old
 * contexts and receipts stay verifiable after a key change), and every anchor key it has sent
 * anchors from. Public information: any valid key may read it.
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
        kind: s.kind as "attestation" | "anchor",
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
    permission: "any",
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
