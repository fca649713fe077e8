import { AppError, hashContext, type StoredEvidence, type VerificationData } from "@ctxlog/core";
import {
  type ContextReader,
  type Db,
  findAnchoredContexts,
  findContextByHash,
  getContextWithAnchor,
} from "@ctxlog/db";
import type { z } from "zod";
import type { verifyByDataBodySchema } from "./schemas";
import { type ContextWithAnchor, storedEvidence } from "./stored-evidence";

/** What is verified, and what it is verified against. */
export interface VerificationSubject {
  /** null: the stored context's data was erased and none was supplied */
  data: VerificationData | null;
  agentId: string;
  /** the stored context the checks use (signature, proof, batch); null when none matched */
  stored: StoredEvidence | null;
  missingReason?: string;
  transactionHash: string | null;
  /** set when verifying by id */
  contextId: string | null;
  /** the registry of the stored batch, if any (accepted beside REGISTRY_ADDRESS) */
  registry: string | null;
  /** the block the batch was recorded in, to tell a reorg from an unknown transaction */
  recordedBlockNumber: bigint | null;
}

/** Recorded block only when its hash is known too: a number alone cannot tell a reorg. */
const recordedBlock = (row: ContextWithAnchor) =>
  row.anchor?.blockHash && row.anchor.blockNumber !== null ? row.anchor.blockNumber : null;

/**
 * By id: the context as stored (or as `supplied`, the data its holder kept: how an erased
 * context's data is checked), against its own anchoring transaction. Outside the key's reach: 404.
 */
export async function subjectById(
  db: Db,
  reader: ContextReader,
  id: string,
  supplied?: SuppliedContext,
): Promise<VerificationSubject> {
  const row = await getContextWithAnchor(db, reader, id);
  if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
  const stored = row.dataErasedAt
    ? null
    : { agent_id: row.agentId, context_data: row.contextData, metadata: row.metadata };
  return {
    data: supplied ? suppliedData(supplied) : stored,
    agentId: row.agentId,
    stored: await storedEvidence(db, row),
    transactionHash: row.transactionHash ?? row.anchor?.transactionHash ?? null,
    contextId: row.id,
    registry: row.anchor?.registryAddress ?? null,
    recordedBlockNumber: recordedBlock(row),
  };
}

type SuppliedContext = z.infer<typeof verifyByDataBodySchema>["context"];

/** Data as its holder supplies it: hashed exactly as at creation (metadata `{}` when left out). */
function suppliedData(context: SuppliedContext): VerificationData {
  return { agent_id: context.agent_id, context_data: context.context_data, metadata: context.metadata ?? {} };
}

const SCOPE_WORDS: Record<ContextReader["scope"], string> = {
  all: "no context of this account",
  public: "no public context of this account",
  own: "no context created with this key",
};

/**
 * Supplied data against a transaction: the hash is recomputed from the data, and the signature and
 * Merkle proof come from a context the key may read with that hash in that transaction. Nothing
 * outside the key's reach is consulted, so the answer reveals nothing about it.
 */
export async function subjectByData(
  db: Db,
  reader: ContextReader,
  body: z.infer<typeof verifyByDataBodySchema>,
): Promise<VerificationSubject> {
  const transactionHash = body.transaction_hash.toLowerCase();
  const data = suppliedData(body.context);
  let contextHash: string;
  try {
    contextHash = hashContext(data).contextHash;
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", "context cannot be canonicalized (RFC 8785).", { cause: error });
  }
  const rows = await findAnchoredContexts(db, reader, contextHash, transactionHash);
  // identical data logged twice: prefer the copy that reached confirmation
  const row = rows.find((r) => r.status === "confirmed") ?? rows[0];
  if (row) {
    return {
      data,
      agentId: data.agent_id,
      stored: await storedEvidence(db, row),
      transactionHash,
      contextId: null,
      registry: row.anchor?.registryAddress ?? null,
      recordedBlockNumber: recordedBlock(row),
    };
  }
  let missingReason = `${SCOPE_WORDS[reader.scope]} with this hash is anchored in transaction ${transactionHash}`;
  const elsewhere = await findContextByHash(db, reader, contextHash);
  if (elsewhere) {
    missingReason += elsewhere.transactionHash
      ? ` (${elsewhere.id} has this hash and is anchored in transaction ${elsewhere.transactionHash})`
      : ` (${elsewhere.id} has this hash and is ${elsewhere.status}, not anchored yet)`;
  }
  return {
    data,
    agentId: data.agent_id,
    stored: null,
    missingReason,
    transactionHash,
    contextId: null,
    registry: null,
    recordedBlockNumber: null,
  };
}
