import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

export type NewContext = Omit<
  Prisma.ContextUncheckedCreateInput,
  "status" | "createdAt" | "updatedAt" | "contextData" | "metadata"
> & {
  contextData: Prisma.InputJsonObject;
  metadata: Prisma.InputJsonObject;
  createdAt: Date;
};

/** Writes a new pending context. Anchoring is queued by the caller after the commit. */
export async function insertContext(tx: DbOrTx, input: NewContext) {
  return tx.context.create({ data: { ...input, status: "pending" } });
}
