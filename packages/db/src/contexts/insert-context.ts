import type { Context, Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

/** What the API computes for a new context; everything else starts at its pending default. */
export interface NewContext {
  id: string;
  userId: string;
  apiKeyId: string;
  keyFamilyId: string;
  agentId: string;
  contextData: Prisma.InputJsonObject;
  metadata: Prisma.InputJsonObject;
  visibility: "public" | "private";
  canonicalJson: string;
  contextHash: string;
  signature: string;
  signerAddress: string;
  network: string;
  createdAt: Date;
  estimatedConfirmation: Date;
}

/** The row a new context becomes, exactly as PostgreSQL will hold it after the insert. */
export function pendingContextRow(input: NewContext): Context {
  return {
    ...input,
    // What was written is what is read back: JSON objects in, the same JSON objects out.
    contextData: input.contextData as Prisma.JsonObject,
    metadata: input.metadata as Prisma.JsonObject,
    status: "pending",
    transactionHash: null,
    blockNumber: null,
    blockTimestamp: null,
    confirmations: 0,
    gasUsed: null,
    confirmedAt: null,
    confirmationTimeSeconds: null,
    errorCode: null,
    errorMessage: null,
    errorDetails: null,
    failureReason: null,
    retryPossible: null,
    failedAt: null,
    anchorId: null,
    leafIndex: null,
    merkleProof: [],
    updatedAt: input.createdAt,
  };
}

const toData = (c: NewContext) => ({ ...c, status: "pending" as const, updatedAt: c.createdAt });

/** Writes one new pending context (inside the caller's transaction when given one). */
export async function insertContext(tx: DbOrTx, input: NewContext): Promise<Context> {
  await tx.context.create({ data: toData(input), select: { id: true } });
  return pendingContextRow(input);
}

/**
 * Writes many new pending contexts in one statement: the API's hot path coalesces concurrent
 * requests into one round-trip (see MicroBatcher) and answers each only after this commits.
 */
export async function insertContexts(db: DbOrTx, inputs: NewContext[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.context.createMany({ data: inputs.map(toData) });
}
