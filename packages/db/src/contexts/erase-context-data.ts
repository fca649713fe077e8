import type { PrismaClient } from "../generated/prisma/client";
import { type Eraser, eraseContextsData } from "./erase-contexts-data";

/**
 * Erases one context's data (DELETE /v1/contexts/:id/data). Null when the user has no such
 * context (the caller answers 404, as for a missing one); `erasedNow` false when it was already
 * erased (a no-op: no second event, the first erasure's who and when are kept).
 */
export async function eraseContextData(
  db: PrismaClient,
  input: { userId: string; contextId: string; by: Eraser; at?: Date },
): Promise<{ erasedNow: boolean } | null> {
  const found = await db.context.findFirst({
    where: { id: input.contextId, userId: input.userId },
    select: { id: true },
  });
  if (!found) return null;
  const erased = await db.$transaction((tx) => eraseContextsData(tx, [found.id], input.by, input.at));
  return { erasedNow: erased.length > 0 };
}
