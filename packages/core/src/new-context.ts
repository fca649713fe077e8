import { canonicalContext, hashCanonical } from "./canonical";
import { idTimestamp, newId } from "./ids";
import type { ContextSigner } from "./signing";

/** A context as a client submits it (the body of POST /v1/contexts). */
export interface NewContextInput {
  agent_id: string;
  context_data: Record<string, unknown>;
  /** hashed as `{}` when left out */
  metadata?: Record<string, unknown>;
  /** default private */
  visibility?: "public" | "private";
}

/** Who creates the contexts: the account and the API key that submitted them. */
export interface ContextOwner {
  userId: string;
  apiKeyId: string;
  keyFamilyId: string;
}

/**
 * Everything the service computes for a new context. The rest of its row starts at the pending
 * defaults, which `pendingContextRow` in @ctxlog/db describes.
 */
export interface NewContext {
  id: string;
  userId: string;
  apiKeyId: string;
  agentId: string;
  contextData: Record<string, unknown>;
  metadata: Record<string, unknown>;
  visibility: "public" | "private";
  canonicalJson: string;
  contextHash: string;
  /**
   * the attestation key whose EIP-712 Receipt signature the row gets where it is written (the
   * receipt covers the context's place in its log, known only then: see insertContexts in @ctxlog/db)
   */
  signerAddress: string;
  network: string;
  createdAt: Date;
  estimatedConfirmation: Date;
}

export interface BuildNewContextsOptions {
  /** the attestation key that will sign each context's receipt where it is written */
  signer: Pick<ContextSigner, "address">;
  network: string;
  /** from creation to the estimated confirmation */
  confirmationDelayMs: number;
  /** creation time of every context built in this call; default: the time each one's id encodes */
  now?: Date;
  /**
   * each input's canonical JSON (canonicalContext), when the caller already wrote it (the API does,
   * to check sizes): the same text, not written twice
   */
  canonical?: readonly string[];
}

/**
 * The one way a submitted context becomes a row: id, canonical JSON and hash, signer, creation
 * and estimated confirmation times (the signature is made where the row is written). Used by POST /v1/contexts (with or without an
 * Idempotency-Key) and by the test factory, so every path stores the same row for the same input.
 * Fields are spelled out (no spread): this runs on the API's hot path.
 */
export function buildNewContexts(
  owner: ContextOwner,
  inputs: readonly NewContextInput[],
  opts: BuildNewContextsOptions,
): NewContext[] {
  const rows: NewContext[] = [];
  for (const [i, input] of inputs.entries()) {
    // The time received is the one the id encodes: "received after t" is an id range (idFloor),
    // and a second clock reading could fall in another millisecond than the id's.
    const id = newId("ctx");
    const createdAt = opts.now ?? (idTimestamp(id) as Date);
    const estimatedConfirmation = new Date(createdAt.getTime() + opts.confirmationDelayMs);
    const metadata = input.metadata ?? {};
    const canonical =
      opts.canonical?.[i] ??
      canonicalContext({ agent_id: input.agent_id, context_data: input.context_data, metadata }).canonical;
    const contextHash = hashCanonical(canonical);
    rows.push({
      id,
      userId: owner.userId,
      apiKeyId: owner.apiKeyId,
      agentId: input.agent_id,
      contextData: input.context_data,
      metadata,
      visibility: input.visibility ?? "private",
      canonicalJson: canonical,
      contextHash,
      signerAddress: opts.signer.address,
      network: opts.network,
      createdAt,
      estimatedConfirmation,
    });
  }
  return rows;
}
