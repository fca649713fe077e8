/** Delay before the next try after `attempts` consecutive failures: 0.5 s doubling to 15 s, ±20 % jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(500 * 2 ** Math.max(0, attempts), 15_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** `kind: message`: failures stored on an anchor keep their kind, so a later give-up knows why. */
export function tagError(kind: string, message: string): string {
  return `${kind}: ${message}`;
}

export function errorKind(tagged: string | null): string | null {
  if (!tagged) return null;
  const i = tagged.indexOf(":");
  return i > 0 ? tagged.slice(0, i) : null;
}
