import { parseCheckpoint, parseSignedNote, parseVerifierKey } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { readCheckpointAt } from "./read-log";
import { publishedKeys } from "./read-log.queries";
import { cosignedNote, readCosignatures, readWitnessPolicy } from "./witness-cosignatures";

/** What a proof bundle version 4 carries of the log for an anchored tree size. */
export interface AnchoredCheckpoint {
  origin: string;
  /** the published key whose signature the checkpoint carries (the log's, of its time) */
  verifierKey: string;
  /** the signed note, with every cosignature collected for it */
  checkpoint: string;
  /** the witness policy the chain worker recorded (none recorded: none asked for) */
  witnessPolicy: { threshold: number; witnesses: string[] };
}

/**
 * The checkpoint the log signed for `treeSize` (the size an anchor of its tree head anchored) with
 * the cosignatures its witnesses gave it, its origin, the published verifier key that signed it and
 * the witness policy. Null when the log signed none at that size
 * or none of its published keys signed it (a log's keys are published before it signs: never).
 */
export async function readAnchoredCheckpoint(
  db: DbOrTx,
  treeSize: number,
): Promise<AnchoredCheckpoint | null> {
  const stored = await readCheckpointAt(db, treeSize);
  if (!stored) return null;
  const note = parseSignedNote(stored.note);
  const keys = await runQuery(publishedKeys, undefined, sqlOf(db));
  const signer = keys.find(({ verifier_key }) => {
    const key = parseVerifierKey(verifier_key);
    return note.signatures.some((s) => s.name === key.name && s.keyId === key.keyId);
  });
  if (!signer) return null;
  const [cosignatures, policy] = await Promise.all([readCosignatures(db, treeSize), readWitnessPolicy(db)]);
  return {
    origin: parseCheckpoint(note.text).origin,
    verifierKey: signer.verifier_key,
    checkpoint: cosignedNote(stored.note, cosignatures),
    witnessPolicy: {
      threshold: policy?.threshold ?? 0,
      witnesses: policy?.witnesses.map((w) => w.verifierKey) ?? [],
    },
  };
}
