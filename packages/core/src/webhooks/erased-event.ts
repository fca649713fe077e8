import type { ContextErasedData, DataErasedBy } from "./event-schemas";

/** What the context.erased builder needs: the context's kept fields (never its data). */
export interface ErasedContextView {
  id: string;
  agentId: string;
  contextHash: string;
  sequence?: number | null;
  prevEntryHash?: string | null;
  entryHash?: string | null;
}

/** The data of `context.erased`: which context, when and how; everything a proof still needs. */
export function contextErasedData(
  ctx: ErasedContextView,
  erasure: { at: Date; by: DataErasedBy; reason?: string | null },
): ContextErasedData {
  return {
    context_id: ctx.id,
    agent_id: ctx.agentId,
    context_hash: ctx.contextHash,
    data_erased_at: erasure.at.toISOString(),
    erased_by: erasure.by,
    sequence: ctx.sequence ?? null,
    prev_entry_hash: ctx.prevEntryHash ?? null,
    entry_hash: ctx.entryHash ?? null,
    reason: erasure.reason ?? null,
  };
}
