import { concatBytes } from "./bytes";
import { TlogError } from "./errors";
import { TILE_WIDTH } from "./tile-paths";

/** tlog-tiles entry bundles: each entry as a big-endian uint16 length, then its bytes. */
export const MAX_ENTRY_SIZE = 0xffff;

export function encodeEntryBundle(entries: readonly Uint8Array[]): Uint8Array {
  if (entries.length === 0 || entries.length > TILE_WIDTH) {
    throw new TlogError("invalid_argument", `an entry bundle holds 1 to ${TILE_WIDTH} entries`, {
      details: `got ${entries.length}`,
    });
  }
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    if (entry.length > MAX_ENTRY_SIZE) {
      throw new TlogError("invalid_argument", `an entry is at most ${MAX_ENTRY_SIZE} bytes`, {
        details: `got ${entry.length}`,
      });
    }
    parts.push(new Uint8Array([entry.length >>> 8, entry.length & 0xff]), entry);
  }
  return concatBytes(...parts);
}

/**
 * The entries of a bundle. `width`, when given, is the number the bundle's path says it holds;
 * `entrySize`, when given, the one size every entry must have (ctxlog's: 32, an entry hash).
 * Truncated, trailing or surplus bytes are refused, and no more than 256 entries are read.
 */
export function decodeEntryBundle(
  data: Uint8Array,
  options: { width?: number; entrySize?: number } = {},
): Uint8Array[] {
  const entries: Uint8Array[] = [];
  let at = 0;
  while (at < data.length) {
    if (entries.length === TILE_WIDTH) {
      throw new TlogError("too_large", `entry bundle holds more than ${TILE_WIDTH} entries`);
    }
    if (at + 2 > data.length)
      throw new TlogError("malformed", "entry bundle ends inside a length prefix", {
        details: `at byte ${at}`,
      });
    const length = ((data[at] as number) << 8) | (data[at + 1] as number);
    if (at + 2 + length > data.length) {
      throw new TlogError("malformed", "entry bundle ends inside an entry", {
        details: `entry ${entries.length}, ${length} bytes at byte ${at + 2}`,
      });
    }
    if (options.entrySize !== undefined && length !== options.entrySize) {
      throw new TlogError(
        "malformed",
        `entry ${entries.length} is ${length} bytes, not ${options.entrySize}`,
      );
    }
    entries.push(data.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  if (entries.length === 0) throw new TlogError("malformed", "entry bundle is empty");
  if (options.width !== undefined && entries.length !== options.width) {
    throw new TlogError("malformed", `entry bundle holds ${entries.length} entries, not ${options.width}`);
  }
  return entries;
}
