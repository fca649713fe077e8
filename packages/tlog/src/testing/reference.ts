// RFC 6962 §2.1 as the RFC writes it, recursion over the leaves themselves: the reference the
// tests hold the index arithmetic of rfc6962.ts, prove.ts and tiles.ts to. Test-only (the
// package's build leaves out testing files).
import { createHash } from "node:crypto";

const sha = (...parts: Uint8Array[]): Uint8Array => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};

export const testLeaf = (i: number): Uint8Array => sha(Buffer.from(`leaf ${i}`));
export const testLeaves = (n: number): Uint8Array[] => Array.from({ length: n }, (_, i) => testLeaf(i));

function k(n: number): number {
  let p = 1;
  while (p * 2 < n) p *= 2;
  return p;
}

export function mth(d: readonly Uint8Array[]): Uint8Array {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(new Uint8Array([0]), d[0] as Uint8Array);
  const s = k(d.length);
  return sha(new Uint8Array([1]), mth(d.slice(0, s)), mth(d.slice(s)));
}

export function path(m: number, d: readonly Uint8Array[]): Uint8Array[] {
  if (d.length <= 1) return [];
  const s = k(d.length);
  return m < s
    ? [...path(m, d.slice(0, s)), mth(d.slice(s))]
    : [...path(m - s, d.slice(s)), mth(d.slice(0, s))];
}

function subproof(m: number, d: readonly Uint8Array[], b: boolean): Uint8Array[] {
  if (m === d.length) return b ? [] : [mth(d)];
  const s = k(d.length);
  return m <= s
    ? [...subproof(m, d.slice(0, s), b), mth(d.slice(s))]
    : [...subproof(m - s, d.slice(s), false), mth(d.slice(0, s))];
}

export function proof(m: number, d: readonly Uint8Array[]): Uint8Array[] {
  return m === 0 ? [] : subproof(m, d, true);
}
