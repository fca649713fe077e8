import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { closeEarlierAnchorKeys, foldAnchorSignersOf } from "./fold-signers.queries";

// Folding publishes every address the chain worker has anchored from as a signer of kind "anchor":
// its period runs from its first anchor to its last, and an address already published has its
// period widened to cover them. `address` limits the scan to one signer. Idempotent. (Attestation
// keys are not folded: each API process registers its own, register-signer.ts, and those found on
// contexts written before the signers table were published once by the data step context_signers.)

/**
 * Publishes every address the chain worker has anchored from (`anchors.signer_address`, recorded
 * before each broadcast) as a signer of kind "anchor", open (valid_until null) while no other
 * anchor key has been used since. The `anchor_submitter` check accepts an Anchored log only from
 * these addresses.
 */
export async function foldAnchorSigners(db: DbOrTx, address?: string): Promise<number> {
  const sql = sqlOf(db);
  const folded = await runQuery(foldAnchorSignersOf, { address: address ?? null }, sql);
  await runQuery(closeEarlierAnchorKeys, undefined, sql);
  return folded.length;
}
