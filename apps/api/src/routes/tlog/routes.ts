import { z } from "zod";
import type { ZodOpenApiContentObject } from "zod-openapi";
import { defineRoute, type RouteSpec } from "../route-spec";
import { getCheckpoint, getLogKey, getTile } from "./read-log";

const PUBLIC_UNLESS = " TLOG_PUBLIC=false puts it behind a key that may read contexts.";
const text = (description: string): ZodOpenApiContentObject => ({
  "text/plain": { schema: { type: "string", description } },
});
const binary = (description: string): ZodOpenApiContentObject => ({
  "application/octet-stream": { schema: { type: "string", format: "binary", description } },
});
const keyUnlessPublic = (env: { TLOG_PUBLIC: boolean }) => (env.TLOG_PUBLIC ? null : "contexts:read");

/**
 * The tile path after /v1/tlog/tile/, slashes included (express gives a wildcard's segments as an
 * array; they are joined back here): parsed strictly by the handler (parseTilePath), 64 bytes at most.
 */
export const tileParamsSchema = z.object({
  tile: z
    .preprocess((v) => (Array.isArray(v) ? v.join("/") : v), z.string().min(1).max(64))
    .meta({
      description:
        "`<L>/<N>[.p/<W>]` or `entries/<N>[.p/<W>]`, N in 3-digit groups (`x001/x234/067`): C2SP tlog-tiles",
      example: "0/x001/234.p/5",
    }),
});

/** The transparency log (docs/transparency-log.md), served as C2SP tlog-checkpoint and tlog-tiles. */
export const tlogRoutes: RouteSpec[] = [
  defineRoute({
    method: "get",
    path: "/tlog/checkpoint",
    operationId: "getTlogCheckpoint",
    summary:
      "The transparency log's checkpoint, a signed note cosigned by its witnesses (C2SP tlog-checkpoint)",
    tag: "Verifications",
    auth: "none",
    permission: "any",
    keyWhen: keyUnlessPublic,
    success: {
      status: 200,
      description:
        "The newest checkpoint that meets the witness policy (k of n; the newest with k = 0), with every " +
        `cosignature collected for it; Cache-Control: public, max-age=1. 404 before one does.${PUBLIC_UNLESS}`,
      content: text(
        "origin, tree size and root hash lines, a blank line, then the log's signature line and one line per witness cosignature",
      ),
    },
    errors: [401, 403, 404],
    handler: getCheckpoint,
  }),
  defineRoute({
    method: "get",
    path: "/tlog/key",
    operationId: "getTlogKey",
    summary: "The log's verifier key, name+key ID+base64 (as Go's sumdb/note reads it)",
    tag: "Verifications",
    auth: "none",
    permission: "any",
    keyWhen: keyUnlessPublic,
    success: {
      status: 200,
      description: `The key string and a newline.${PUBLIC_UNLESS}`,
      content: text("e.g. localhost/ctxlog-dev-tlog+a89cbd3f+AQB5quIQh7yZyrerl4C9m4XtJDGPOuYTVVh0q/hRutEg"),
    },
    errors: [401, 403, 404],
    handler: getLogKey,
  }),
  defineRoute({
    method: "get",
    path: "/tlog/tile/*tile",
    params: tileParamsSchema,
    operationId: "getTlogTile",
    summary: "A tile of the log: tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>] (C2SP tlog-tiles)",
    tag: "Verifications",
    auth: "none",
    permission: "any",
    keyWhen: keyUnlessPublic,
    success: {
      status: 200,
      description:
        "The tile's bytes: W 32-byte hashes, or an entry bundle (each entry hash after its uint16 length). " +
        "Full tiles: Cache-Control: public, max-age=31536000, immutable; partial ones: public, max-age=10. " +
        `404 for a path that names no tile, or a tile the latest checkpoint's tree does not have.${PUBLIC_UNLESS}`,
      content: binary("the tile"),
    },
    errors: [401, 403, 404],
    handler: getTile,
  }),
];
