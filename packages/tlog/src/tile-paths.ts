import { TlogError } from "./errors";

/** C2SP tlog-tiles: tiles are 2^8 = 256 hashes wide; a tile's level L holds tree level 8·L. */
export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;
/** Levels 0 to 63, as tlog-tiles allows. */
export const MAX_TILE_LEVEL = 63;

/** A hash tile (`tile/<L>/<N>[.p/<W>]`): width 256 is a full tile, 1 to 255 a partial one. */
export type Tile = { level: number; index: number; width: number };
/** An entry bundle (`tile/entries/<N>[.p/<W>]`): the entries under level-0 tile N. */
export type EntryBundle = { index: number; width: number };
export type TilePath = ({ kind: "tile" } & Tile) | ({ kind: "entries" } & EntryBundle);

/** Longer than any path a tree of 2^53 leaves has: a longer one is refused before it is split. */
export const MAX_TILE_PATH_LENGTH = 64;

export function checkTile(tile: Tile): void {
  const { level, index, width } = tile;
  if (!Number.isInteger(level) || level < 0 || level > MAX_TILE_LEVEL) {
    throw new TlogError("invalid_argument", `tile level must be 0 to ${MAX_TILE_LEVEL}`, {
      details: `got ${level}`,
    });
  }
  checkBundle({ index, width });
}

function checkBundle({ index, width }: EntryBundle): void {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new TlogError("invalid_argument", "tile index must be a non-negative integer", {
      details: `got ${index}`,
    });
  }
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) {
    throw new TlogError("invalid_argument", `tile width must be 1 to ${TILE_WIDTH}`, {
      details: `got ${width}`,
    });
  }
}

/** N in 3-digit groups, all but the last prefixed with x: 1234067 is x001/x234/067. */
export function encodeTileIndex(index: number): string {
  let n = index;
  let path = String(n % 1000).padStart(3, "0");
  while (n >= 1000) {
    n = Math.floor(n / 1000);
    path = `x${String(n % 1000).padStart(3, "0")}/${path}`;
  }
  return path;
}

const suffix = (width: number): string => (width === TILE_WIDTH ? "" : `.p/${width}`);

export function tilePath(tile: Tile): string {
  checkTile(tile);
  return `tile/${tile.level}/${encodeTileIndex(tile.index)}${suffix(tile.width)}`;
}

export function entryBundlePath(bundle: EntryBundle): string {
  checkBundle(bundle);
  return `tile/entries/${encodeTileIndex(bundle.index)}${suffix(bundle.width)}`;
}

const PATH = /^tile\/(entries|0|[1-9][0-9]?)\/((?:x[0-9]{3}\/)*[0-9]{3})(?:\.p\/([1-9][0-9]{0,2}))?$/;

/**
 * Parses a tile or entry bundle path (without the log's prefix). Only the one encoding
 * tilePath/entryBundlePath write is accepted: no leading x000 group, no leading zeros in L or W,
 * W below 256 — so a path names one resource, and a cache holds it once.
 */
export function parseTilePath(path: string): TilePath {
  if (typeof path !== "string" || path.length > MAX_TILE_PATH_LENGTH) {
    throw new TlogError("too_large", `tile path is longer than ${MAX_TILE_PATH_LENGTH} characters`);
  }
  const match = PATH.exec(path);
  if (!match) throw new TlogError("malformed", "not a tile path", { details: JSON.stringify(path) });
  const [, levelText, indexText, widthText] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
  ];
  const index = Number(indexText.replaceAll("x", "").replaceAll("/", ""));
  const width = widthText === undefined ? TILE_WIDTH : Number(widthText);
  const parsed: TilePath =
    levelText === "entries"
      ? { kind: "entries", index, width }
      : { kind: "tile", level: Number(levelText), index, width };
  let canonical: string;
  try {
    canonical = parsed.kind === "entries" ? entryBundlePath(parsed) : tilePath(parsed);
  } catch (cause) {
    throw new TlogError("malformed", "tile path out of range", { details: JSON.stringify(path), cause });
  }
  if (canonical !== path) {
    throw new TlogError("malformed", "tile path is not in its canonical form", {
      details: `${JSON.stringify(path)}, canonical ${JSON.stringify(canonical)}`,
    });
  }
  return parsed;
}
