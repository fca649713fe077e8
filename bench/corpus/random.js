// The corpus' seeded randomness: the same seed gives the same numbers on every machine and Node
// version (integer arithmetic only up to the final division; no Math.random, no crypto).

/** cyrb128: four 32-bit words from a string (the seed of sfc32). */
function cyrb128(text) {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 32 random bits a call. */
function sfc32(a, b, c, d) {
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

class Random {
  constructor(seed) {
    const [a, b, c, d] = cyrb128(String(seed));
    this.u32 = sfc32(a, b, c, d);
    for (let i = 0; i < 12; i++) this.u32(); // sfc32's first outputs still echo the seed
  }

  /** [0, 1) */
  float() {
    return this.u32() / 4294967296;
  }

  /** an integer in [lo, hi] */
  int(lo, hi) {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p) {
    return this.float() < p;
  }

  pick(list) {
    return list[Math.floor(this.float() * list.length)];
  }

  /** one of `pairs` ([value, weight], …) with probability ∝ weight */
  weighted(pairs) {
    const total = pairs.reduce((sum, [, w]) => sum + w, 0);
    let at = this.float() * total;
    for (const [value, w] of pairs) {
      at -= w;
      if (at < 0) return value;
    }
    return pairs[pairs.length - 1][0];
  }

  /** an in-place Fisher–Yates shuffle */
  shuffle(list) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  }

  bytes(n) {
    const out = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i += 4) {
      const word = this.u32();
      for (let k = 0; k < 4 && i + k < n; k++) out[i + k] = (word >>> (8 * k)) & 0xff;
    }
    return out;
  }

  hex(chars) {
    return this.bytes(Math.ceil(chars / 2))
      .toString("hex")
      .slice(0, chars);
  }

  base62(chars) {
    let out = "";
    for (let i = 0; i < chars; i++) out += BASE62[this.u32() % 62];
    return out;
  }

  uuid() {
    const h = this.hex(32).split("");
    h[12] = "4";
    h[16] = "89ab"[Number.parseInt(h[16], 16) & 3];
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** a ULID of time `ms`: 10 characters of time, 16 random (Crockford base32) */
  ulid(ms) {
    let time = "";
    let t = ms;
    for (let i = 0; i < 10; i++) {
      time = CROCKFORD[t % 32] + time;
      t = Math.floor(t / 32);
    }
    let rest = "";
    for (let i = 0; i < 16; i++) rest += CROCKFORD[this.u32() % 32];
    return time + rest;
  }
}

/**
 * The standard normal's quantile (Acklam's rational approximation, relative error < 1.2e-9):
 * the corpus' sizes are the quantiles of its log-normal mix, not draws from it, so the mix holds
 * exactly whatever the number of entries.
 */
function normalQuantile(p) {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

module.exports = { Random, normalQuantile };
