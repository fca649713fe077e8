import { randomBytes } from "node:crypto";

// Crockford base32: no I, L, O or U, so ids survive being read aloud or retyped.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const TIME_CHARS = 10; // 48 bits of milliseconds
const RANDOM_BYTES = 10; // 80 random bits = 16 characters
const MAX_TIME = 2 ** 48 - 1;

/** The prefixes the service uses, one per aggregate. */
export const ID_PREFIXES = [
  "usr",
  "key",
  "ctx",
  "evt",
  "whk",
  "dlv",
  "vrf",
  "anc",
  "acc",
  "ses",
  "lnk",
  "per",
  "hld",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const PREFIX_PATTERN = /^[a-z]{2,16}$/;
const ID_PATTERN = /^([a-z]{2,16})_[0-9A-HJKMNP-TV-Z]{26}$/;

export type IdGeneratorDeps = {
  now: () => number;
  random: (bytes: number) => Uint8Array;
};

/**
 * Builds a ULID-style generator. Exposed (but not re-exported from the package) so tests can drive
 * the clock and the randomness; production code uses `newId`.
 */
export function createIdGenerator(deps: IdGeneratorDeps): (prefix: string) => string {
  let lastTime = -1;
  // 16 base32 digits (5 bits each) kept as numbers so a same-millisecond id is "previous + 1"
  // without BigInt arithmetic.
  let lastRandom: number[] = [];
  // the time part of the last id, kept since many ids share a millisecond (a batch's 500)
  let lastTimeText = "";
  let lastTimeTextOf = -1;

  return (prefix) => {
    if (!PREFIX_PATTERN.test(prefix)) throw new TypeError(`invalid id prefix: ${JSON.stringify(prefix)}`);
    const now = Math.floor(deps.now());
    if (!Number.isSafeInteger(now) || now < 0 || now > MAX_TIME)
      throw new RangeError(`clock out of range: ${now}`);

    // A clock that stalls or steps back (NTP) reuses the last time, so ids from one process
    // still sort in creation order.
    if (now <= lastTime) {
      if (!increment(lastRandom)) {
        // 2^80 ids in one millisecond cannot happen with real randomness; move to the next ms
        // rather than wrap around and break the ordering.
        lastTime += 1;
        lastRandom = randomDigits(deps.random);
      }
    } else {
      lastTime = now;
      lastRandom = randomDigits(deps.random);
    }
    if (lastTime > MAX_TIME) throw new RangeError("id time overflow");
    if (lastTimeTextOf !== lastTime) {
      lastTimeText = encodeTime(lastTime);
      lastTimeTextOf = lastTime;
    }
    let random = "";
    for (const digit of lastRandom) random += ALPHABET[digit];
    return `${prefix}_${lastTimeText}${random}`;
  };
}

function encodeTime(time: number): string {
  let out = "";
  let t = time;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function randomDigits(random: (bytes: number) => Uint8Array): number[] {
  const bytes = random(RANDOM_BYTES);
  if (bytes.length !== RANDOM_BYTES) throw new RangeError(`random source must return ${RANDOM_BYTES} bytes`);
  // 80 bits → 16 groups of 5 bits, most significant first.
  const digits: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      digits.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  return digits;
}

/** Adds one to a base32 digit array in place; false when it overflows. */
function increment(digits: number[]): boolean {
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digits[i] ?? 0;
    if (d < 31) {
      digits[i] = d + 1;
      return true;
    }
    digits[i] = 0;
  }
  return false;
}

const generate = createIdGenerator({ now: Date.now, random: (n) => randomBytes(n) });

/**
 * `${prefix}_${ULID}`: 48-bit millisecond time then 80 random bits in Crockford base32, so ids sort
 * by creation time as plain strings (and as PostgreSQL text with the C collation). Within one
 * millisecond in one process the random part is incremented, so ordering holds there too.
 */
export function newId(prefix: string): string {
  return generate(prefix);
}

/**
 * The smallest id with this prefix created at or after `time`: ids sort by creation time, so
 * `id >= idFloor(prefix, t)` is an index range over "created since t".
 */
export function idFloor(prefix: string, time: Date): string {
  const ms = Math.min(MAX_TIME, Math.max(0, Math.floor(time.getTime())));
  return `${prefix}_${encodeTime(ms)}${"0".repeat(16)}`;
}

/**
 * True when `value` has the shape of an id (optionally with the given prefix). Lets callers reject
 * a malformed path parameter or cursor before it reaches the database, where e.g. a NUL byte would
 * turn a 404 into a 500.
 */
export function isId(value: unknown, prefix?: string): value is string {
  if (typeof value !== "string") return false;
  const match = ID_PATTERN.exec(value);
  return match !== null && (prefix === undefined || match[1] === prefix);
}

/** The creation time encoded in an id, or null for something that is not an id. */
export function idTimestamp(id: string): Date | null {
  if (!isId(id)) return null;
  const time = id.slice(id.indexOf("_") + 1, id.indexOf("_") + 1 + TIME_CHARS);
  let ms = 0;
  for (const ch of time) ms = ms * 32 + ALPHABET.indexOf(ch);
  // The first character can encode 50 bits; anything above 48 bits was not produced by newId.
  return ms > MAX_TIME ? null : new Date(ms);
}
