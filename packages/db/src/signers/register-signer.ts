import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { registerSignerOf, retireStaleSignersOf } from "./register-signer.queries";

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
  await runQuery(
    registerSignerOf,
    { address, kind: times.kind ?? "attestation", startedAt: times.startedAt, now: times.now },
    sqlOf(db),
  );
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
  const retired = await runQuery(
    retireStaleSignersOf,
    { current: opts.current, staleBefore, heartbeatSeconds: Math.round(opts.heartbeatMs) / 1000 },
    sqlOf(db),
  );
  return retired.length;
}
