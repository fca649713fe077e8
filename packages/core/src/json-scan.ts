/**
 * One pass over a JSON document's bytes that finds its structure without building it: the byte
 * ranges of the values at chosen paths ("pieces", e.g. each span of an OTLP request, each context
 * of a batch) and how many values each holds, so that a caller can refuse a body by its counts
 * before allocating anything, then parse it piece by piece (JSON.parse of each range) in slices
 * of the event loop. Pure: no I/O.
 *
 * The scan checks the structure (brackets, strings, commas, colons, nesting depth) but not every
 * token: the document is valid JSON when the skeleton (`jsonSkeleton`) and each piece JSON.parse.
 */

export type JsonPath = readonly (string | number)[];

/** A value at a path `isPiece` chose: its bytes are [start, end) of the document. */
export interface JsonPiece {
  index: number;
  path: (string | number)[];
  start: number;
  end: number;
  /** values in it, itself included: each object, array, string, number, true, false and null */
  values: number;
}

export interface JsonScanOptions {
  /** true: the value at this path (keys, and indexes as numbers) is a piece */
  isPiece: (path: JsonPath) => boolean;
  /** each value outside the pieces, as it starts (throw to stop the scan) */
  onSkeletonValue?: (path: JsonPath) => void;
  /** the deepest nesting allowed (objects and arrays), else a JsonScanError */
  maxDepth: number;
  /** bytes scanned between two pauses (`null` yields), 64 KiB by default */
  sliceBytes?: number;
}

/** The document is not JSON (its structure): `offset` is the byte where that was seen. */
export class JsonScanError extends Error {
  override readonly name = "JsonScanError";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(`${message} at byte ${offset}`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
// a scalar (number, true, false, null) ends at one of these
const isDelimiter = (c: number) => isSpace(c) || c === 0x2c || c === 0x5d || c === 0x7d || c === 0x3a;

interface Frame {
  array: boolean;
  key: string | number;
  count: number;
}

/** The index just past the string that starts at `start` (its opening quote). */
function stringEnd(bytes: Uint8Array, start: number): number {
  let j = start + 1;
  for (;;) {
    const q = bytes.indexOf(QUOTE, j);
    if (q < 0) throw new JsonScanError(start, "Unterminated string");
    let backslashes = 0;
    for (let k = q - 1; k > start && bytes[k] === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

const decoder = new TextDecoder();
function keyText(bytes: Uint8Array, start: number, end: number): string {
  const raw = bytes.subarray(start, end);
  // a key with an escape is decoded as JSON.parse would; the others are their UTF-8 text
  if (!raw.includes(BACKSLASH)) return decoder.decode(raw.subarray(1, -1));
  try {
    return String(JSON.parse(decoder.decode(raw)));
  } catch {
    throw new JsonScanError(start, "Invalid escape in a key");
  }
}

/**
 * Scans `bytes` (UTF-8 JSON): yields each piece as its end is reached, and `null` every
 * `sliceBytes` so the caller may pause; returns the number of values outside the pieces. Throws
 * JsonScanError on a document that is not JSON (or nested deeper than `maxDepth`), and whatever
 * `onSkeletonValue` throws. A caller that has seen enough (too many pieces) just stops iterating.
 */
export function* scanJson(
  bytes: Uint8Array,
  opts: JsonScanOptions,
): Generator<JsonPiece | null, { skeletonValues: number }> {
  const slice = opts.sliceBytes ?? 64 * 1024;
  const stack: Frame[] = [];
  const n = bytes.length;
  let i = 0;
  let nextPause = slice;
  let state: "value" | "key" | "after" | "done" = "value";
  let pieceDepth = -1;
  let pieceStart = 0;
  let pieceValues = 0;
  let pieces = 0;
  let skeletonValues = 0;
  const pathOf = () => stack.map((f) => f.key);

  while (i < n) {
    if (i >= nextPause) {
      yield null;
      nextPause = i + slice;
    }
    const c = bytes[i] as number;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (state === "done") throw new JsonScanError(i, "Unexpected data after the JSON value");

    if (state === "key") {
      const frame = stack[stack.length - 1] as Frame;
      if (c === 0x7d && frame.count === 0) {
        stack.pop();
      } else {
        if (c !== QUOTE) throw new JsonScanError(i, "Expected a key");
        const end = stringEnd(bytes, i);
        if (pieceDepth < 0) frame.key = keyText(bytes, i, end);
        i = end;
        while (i < n && isSpace(bytes[i] as number)) i++;
        if (bytes[i] !== 0x3a) throw new JsonScanError(i, "Expected ':'");
        i++;
        state = "value";
        continue;
      }
      i++;
    } else if (state === "after") {
      const frame = stack[stack.length - 1] as Frame;
      if (c === 0x2c) {
        frame.count++;
        if (frame.array) frame.key = frame.count;
        state = frame.array ? "value" : "key";
        i++;
        continue;
      }
      if (c !== (frame.array ? 0x5d : 0x7d)) throw new JsonScanError(i, "Expected ',' or a closing bracket");
      stack.pop();
      i++;
    } else {
      // a value starts (or an empty array ends)
      const top = stack[stack.length - 1];
      if (c === 0x5d && top?.array && top.count === 0) {
        stack.pop();
        i++;
      } else {
        if (pieceDepth < 0) {
          if (opts.isPiece(pathOf())) {
            pieceDepth = stack.length;
            pieceStart = i;
            pieceValues = 0;
          } else {
            skeletonValues++;
            opts.onSkeletonValue?.(pathOf());
          }
        }
        if (pieceDepth >= 0) pieceValues++;
        if (c === 0x7b || c === 0x5b) {
          if (stack.length >= opts.maxDepth) throw new JsonScanError(i, "Nested too deep");
          stack.push({ array: c === 0x5b, key: c === 0x5b ? 0 : "", count: 0 });
          state = c === 0x7b ? "key" : "value";
          i++;
          continue;
        }
        if (c === QUOTE) {
          i = stringEnd(bytes, i);
        } else if (c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e) {
          while (i < n && !isDelimiter(bytes[i] as number)) i++;
        } else {
          throw new JsonScanError(i, "Unexpected character");
        }
      }
    }
    // a value ended at i (a scalar, or a container just closed)
    if (pieceDepth === stack.length) {
      yield { index: pieces++, path: pathOf(), start: pieceStart, end: i, values: pieceValues };
      pieceDepth = -1;
    }
    state = stack.length === 0 ? "done" : "after";
  }
  if (state !== "done") throw new JsonScanError(n, "Unexpected end of the JSON");
  return { skeletonValues };
}

/**
 * The document with each piece replaced by its index (a number), to JSON.parse: its values are
 * the skeleton's, and each number where a piece was says which piece to parse there.
 */
export function jsonSkeleton(bytes: Uint8Array, pieces: readonly JsonPiece[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const piece of pieces) {
    parts.push(decoder.decode(bytes.subarray(at, piece.start)), String(piece.index));
    at = piece.end;
  }
  parts.push(decoder.decode(bytes.subarray(at)));
  return parts.join("");
}
