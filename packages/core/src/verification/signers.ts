/** A service signer as published by GET /v1/signers: its address and when it signed contexts. */
export interface PublishedSigner {
  address: string;
  /**
   * "attestation": signs context hashes and receipts; "anchor": sends anchor transactions.
   * Absent (a server from before the keys were split, where one key did both): either.
   */
  kind?: "attestation" | "anchor" | string;
  validFrom: Date;
  /** null while it is still in use */
  validUntil: Date | null;
}

/**
 * Tolerance on both ends of a signer's period. A context's created_at and a signer's valid_from are
 * taken from the clocks of different processes (possibly different hosts); a minute absorbs their
 * skew without letting a retired key sign for long after it was retired.
 */
export const SIGNER_PERIOD_SKEW_MS = 60_000;

export type SignerValidity =
  | { valid: true; signer: PublishedSigner }
  | { valid: false; reason: "unknown" }
  | { valid: false; reason: "outside_period"; signer: PublishedSigner };

/** Whether `address` was a published attestation signer at `at` (case-insensitive address match). */
export function signerValidAt(
  signers: readonly PublishedSigner[],
  address: string,
  at: Date,
  skewMs = SIGNER_PERIOD_SKEW_MS,
): SignerValidity {
  const wanted = address.toLowerCase();
  const signer = signers.find((s) => s.kind !== "anchor" && s.address.toLowerCase() === wanted);
  if (!signer) return { valid: false, reason: "unknown" };
  const t = at.getTime();
  const from = signer.validFrom.getTime() - skewMs;
  const until = signer.validUntil === null ? Number.POSITIVE_INFINITY : signer.validUntil.getTime() + skewMs;
  return t >= from && t <= until
    ? { valid: true, signer }
    : { valid: false, reason: "outside_period", signer };
}

/** "2024-01-01T00:00:00.000Z to now" — a signer's period for messages. */
export function describeSignerPeriod(signer: PublishedSigner): string {
  return `${signer.validFrom.toISOString()} to ${signer.validUntil?.toISOString() ?? "now"}`;
}
