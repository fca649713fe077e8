import {
  AppError,
  encodeEntryBundle,
  isTlogError,
  parseTilePath,
  TILE_WIDTH,
  type TilePath,
  tileWidth,
} from "@ctxlog/core";
import {
  ENTRIES_LEVEL,
  readLatestCheckpoint,
  readLogVerifierKey,
  readPublishedCheckpoint,
  readStoredTile,
} from "@ctxlog/db";
import type { ApiDeps } from "../../deps";

import type { RouteHandler } from "../route-spec";
import type { tileParamsSchema } from "./routes";

const HASH = 32;
/** A full tile never changes: cached for a year (C2SP tlog-tiles asks clients to cache them). */
export const FULL_TILE_CACHE = "public, max-age=31536000, immutable";
/** A partial tile is joined by wider ones as the log grows: clients look again soon. */
export const PARTIAL_TILE_CACHE = "public, max-age=10";
/** The checkpoint moves every TLOG_CHECKPOINT_INTERVAL_MS while entries arrive. */
export const CHECKPOINT_CACHE = "public, max-age=1";

/**
 * GET /v1/tlog/checkpoint — the published checkpoint as a signed note (text/plain): the newest one
 * the witness policy's k witnesses cosigned (the newest, with k = 0), the log's signature line
 * then one line per cosignature collected for it.
 */
export function getCheckpoint({ db }: ApiDeps): RouteHandler {
  return async ({ res }) => {
    const checkpoint = await readPublishedCheckpoint(db);
    if (!checkpoint) {
      throw new AppError("NOT_FOUND", "The transparency log has no checkpoint its witnesses cosigned yet.");
    }
    res.set("Cache-Control", CHECKPOINT_CACHE).type("text/plain; charset=utf-8").send(checkpoint.note);
  };
}

/** GET /v1/tlog/key — the log's verifier key, `name+key id+base64` (Go's note.NewVerifier form). */
export function getLogKey({ db }: ApiDeps): RouteHandler {
  return async ({ res }) => {
    const key = await readLogVerifierKey(db);
    if (!key) throw new AppError("NOT_FOUND", "The transparency log has published no key yet.");
    res.set("Cache-Control", CHECKPOINT_CACHE).type("text/plain; charset=utf-8").send(`${key}\n`);
  };
}

/** The tile a path names (`tile/…` after the log's prefix), or null when it names none. */
function tileOf(path: string): TilePath | null {
  try {
    return parseTilePath(`tile/${path}`);
  } catch (error) {
    if (isTlogError(error)) return null;
    throw error;
  }
}

/**
 * GET /v1/tlog/tile/<L>/<N>[.p/<W>] and /v1/tlog/tile/entries/<N>[.p/<W>] (C2SP tlog-tiles):
 * the tile in the latest checkpoint's tree, or 404 when that tree does not have it (beyond it, or a
 * full tile asked for while it is still partial). A partial tile of an older checkpoint is the
 * first W hashes of the stored one.
 */
export function getTile({ db }: ApiDeps): RouteHandler<{ params: typeof tileParamsSchema }> {
  return async ({ params, res }) => {
    const tile = tileOf(params.tile);
    if (!tile) throw new AppError("NOT_FOUND", "No such tile: see C2SP tlog-tiles for the paths.");
    const checkpoint = await readLatestCheckpoint(db);
    const level = tile.kind === "entries" ? 0 : tile.level;
    const width = checkpoint ? tileWidth(level, tile.index, checkpoint.size) : 0;
    const stored =
      tile.width <= width
        ? await readStoredTile(db, tile.kind === "entries" ? ENTRIES_LEVEL : tile.level, tile.index)
        : null;
    if (!stored || stored.length < tile.width * HASH) {
      throw new AppError("NOT_FOUND", "The log's tree does not have this tile (yet).");
    }
    const hashes = stored.subarray(0, tile.width * HASH);
    const body =
      tile.kind === "entries"
        ? encodeEntryBundle(
            Array.from({ length: tile.width }, (_, i) => hashes.subarray(i * HASH, (i + 1) * HASH)),
          )
        : hashes;
    res
      .set("Cache-Control", tile.width === TILE_WIDTH ? FULL_TILE_CACHE : PARTIAL_TILE_CACHE)
      .type("application/octet-stream")
      .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  };
}
