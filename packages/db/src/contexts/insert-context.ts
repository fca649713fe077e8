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

/**
 * The row a new context becomes, exactly as PostgreSQL will hold it after the insert. Every field
 * is spelled out: `{ ...input, contextData, … }` (a spread, then keys it already has) measured
 * ~25 µs a call in V8, a twentieth of a POST /v1/contexts.
 */
export function pendingContextRow(input: NewContext): Context {
  return {
    id: input.id,
    userId: input.userId,
    apiKeyId: input.apiKeyId,
    keyFamilyId: input.keyFamilyId,
    agentId: input.agentId,
    // What was written is what is read back: JSON objects in, the same JSON objects out.
    contextData: input.contextData as Prisma.JsonObject,
    metadata: input.metadata as Prisma.JsonObject,
    visibility: input.visibility,
    canonicalJson: input.canonicalJson,
    contextHash: input.contextHash,
    signature: input.signature,
    signerAddress: input.signerAddress,
    network: input.network,
    createdAt: input.createdAt,
    estimatedConfirmation: input.estimatedConfirmation,
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
  // One statement with one array per column: Prisma's createMany builds and serializes every field
  // of every row through its query compiler, which was a fifth of the API's CPU per request.
  const col = <T>(pick: (c: NewContext) => T) => inputs.map(pick);
  await db.$executeRaw`
    INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, context_data, metadata,
      visibility, canonical_json, context_hash, signature, signer_address, status, network,
      created_at, updated_at, estimated_confirmation)
    SELECT v.id, v.user_id, v.api_key_id, v.key_family_id, v.agent_id, v.context_data::jsonb,
      v.metadata::jsonb, v.visibility::"Visibility", v.canonical_json, v.context_hash, v.signature,
      v.signer_address, 'pending', v.network, v.created_at, v.created_at, v.estimated_confirmation
    FROM unnest(
      ${col((c) => c.id)}::text[], ${col((c) => c.userId)}::text[], ${col((c) => c.apiKeyId)}::text[],
      ${col((c) => c.keyFamilyId)}::text[], ${col((c) => c.agentId)}::text[],
      ${col((c) => JSON.stringify(c.contextData))}::text[], ${col((c) => JSON.stringify(c.metadata))}::text[],
      ${col((c) => c.visibility)}::text[], ${col((c) => c.canonicalJson)}::text[],
      ${col((c) => c.contextHash)}::text[], ${col((c) => c.signature)}::text[],
      ${col((c) => c.signerAddress)}::text[], ${col((c) => c.network)}::text[],
      ${col((c) => c.createdAt)}::timestamptz[], ${col((c) => c.estimatedConfirmation)}::timestamptz[]
    ) AS v(id, user_id, api_key_id, key_family_id, agent_id, context_data, metadata, visibility,
      canonical_json, context_hash, signature, signer_address, network, created_at,
      estimated_confirmation)`;
}
