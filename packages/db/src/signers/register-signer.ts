import type { DbOrTx } from "../prisma-types";

/**
 * An API process signs with the attestation key `address` (a chain worker sends anchors with the
 * anchor key `address`: kind "anchor") (at start-up, then periodically): the signer is published from
 * `startedAt` on (kept when it was published earlier) and seen `now`. A key brought back into use
 * after it was retired is open again.
 */
export async function registerSigner(
  db: DbOrTx,
  address: string,
  times: { startedAt: Date; now: Date; kind?: "attestation" | "anchor" },
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO signers (address, kind, valid_from, last_seen_at)
    VALUES (${address}, ${times.kind ?? "attestation"}, ${times.startedAt}, ${times.now})
    ON CONFLICT (address, kind) DO UPDATE SET
      valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
      last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at),
      valid_until = NULL`;
}

/**
 * Retires the signers no process has reported for two heartbeats while `current` is in use: their
 * period ends one heartbeat after they were last seen (the latest they can have signed). Returns
 * how many were retired.
 */
export async function retireStaleSigners(
  db: DbOrTx,
  opts: { current: string; now: Date; heartbeatMs: number },
): Promise<number> {
  const staleBefore = new Date(opts.now.getTime() - 2 * opts.heartbeatMs);
  const interval = `${Math.round(opts.heartbeatMs)} milliseconds`;
  return db.$executeRaw`
    UPDATE signers SET valid_until = last_seen_at + ${interval}::interval
    WHERE kind = 'attestation' AND valid_until IS NULL AND address <> ${opts.current}
      AND last_seen_at < ${staleBefore}`;
}
