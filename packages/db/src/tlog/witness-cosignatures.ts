import { signatureLine } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import type { StoredCheckpoint } from "./read-log";
import {
  cosignaturesAt,
  insertCosignature,
  lastCosignedSize,
  publishedCheckpoint,
  upsertWitnessPolicy,
  witnessPolicy,
} from "./witness-cosignatures.queries";

/** A witness as the policy names it: its key name and key ID (what its signature lines carry). */
export interface PolicyWitness {
  name: string;
  keyId: number;
  /** `name+key id+base64`, kept for the operator reading the row */
  verifierKey: string;
}

export interface StoredWitnessPolicy {
  threshold: number;
  witnesses: PolicyWitness[];
}

/** A witness's cosignature of the checkpoint of `size`: the signature line's bytes after the key ID. */
export interface StoredCosignature {
  size: number;
  witness: string;
  keyId: number;
  signature: Uint8Array;
}

/** Records the chain worker's witness policy (k of n), replacing the one before. */
export async function recordWitnessPolicy(db: DbOrTx, policy: StoredWitnessPolicy): Promise<void> {
  const witnesses = JSON.stringify(
    policy.witnesses.map((w) => ({ name: w.name, key_id: w.keyId, verifier_key: w.verifierKey })),
  );
  await runQuery(upsertWitnessPolicy, { threshold: policy.threshold, witnesses }, sqlOf(db));
}

/** The recorded witness policy, or null when no chain worker recorded one. */
export async function readWitnessPolicy(db: DbOrTx): Promise<StoredWitnessPolicy | null> {
  const [row] = await runQuery(witnessPolicy, undefined, sqlOf(db));
  if (!row) return null;
  const witnesses = row.witnesses as { name: string; key_id: number; verifier_key: string }[];
  return {
    threshold: row.threshold,
    witnesses: witnesses.map((w) => ({ name: w.name, keyId: w.key_id, verifierKey: w.verifier_key })),
  };
}

/**
 * Stores a cosignature the caller has verified (with the witness's key, over that checkpoint).
 * A second one by the same witness for the same size is ignored: the first is kept.
 */
export async function storeCosignature(db: DbOrTx, cosignature: StoredCosignature): Promise<void> {
  await runQuery(
    insertCosignature,
    {
      size: cosignature.size,
      witness: cosignature.witness,
      keyId: cosignature.keyId,
      signature: Buffer.from(cosignature.signature),
    },
    sqlOf(db),
  );
}

/** The newest size the witness cosigned (0, the empty tree, when none). */
export async function readLastCosignedSize(
  db: DbOrTx,
  witness: { name: string; keyId: number },
): Promise<number> {
  const [row] = await runQuery(lastCosignedSize, { witness: witness.name, keyId: witness.keyId }, sqlOf(db));
  return row ? Number(row.size) : 0;
}

/** Every cosignature stored for the checkpoint of `size`, by witness name and key ID. */
export async function readCosignatures(db: DbOrTx | SqlRunner, size: number): Promise<StoredCosignature[]> {
  const rows = await runQuery(cosignaturesAt, { size }, sqlOf(db));
  return rows.map((r) => ({
    size,
    witness: r.witness,
    keyId: Number(r.key_id),
    signature: new Uint8Array(r.signature),
  }));
}

export interface PublishedCheckpoint extends StoredCheckpoint {
  /** every cosignature collected for this size, also those of witnesses the policy no longer names */
  cosignatures: StoredCosignature[];
}

/**
 * The published checkpoint: the newest one cosigned by at least k of the recorded policy's
 * witnesses (k = 0, or no policy recorded: the newest), its note carrying every cosignature
 * collected for it, one signature line each after the log's (C2SP signed-note). Null when none
 * meets the policy yet. The one reader for the API and the anchoring.
 */
export async function readPublishedCheckpoint(db: DbOrTx | SqlRunner): Promise<PublishedCheckpoint | null> {
  const [row] = await runQuery(publishedCheckpoint, undefined, sqlOf(db));
  if (!row) return null;
  const size = Number(row.size);
  const cosignatures = await readCosignatures(db, size);
  return { size, note: cosignedNote(row.note, cosignatures), createdAt: row.created_at, cosignatures };
}

/** A checkpoint's note as the log signed it, with one signature line per cosignature after the log's. */
export function cosignedNote(note: string, cosignatures: readonly StoredCosignature[]): string {
  const lines = cosignatures.map((c) =>
    signatureLine({ name: c.witness, keyId: c.keyId, signature: c.signature }),
  );
  return note + lines.join("");
}
