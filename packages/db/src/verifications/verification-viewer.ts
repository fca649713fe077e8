import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

/**
 * Who is reading verifications: always inside their own user's. Keys that read all of the user's
 * contexts (full, read only) see all of its verifications; the others (public, restricted) only
 * those made with their own key family, since a verification describes the context it checked.
 */
export interface VerificationViewer {
  userId: string;
  keyFamilyId: string;
  scope: "all" | "family";
}

export async function viewerFilter(
  db: DbOrTx,
  viewer: VerificationViewer,
): Promise<Prisma.VerificationWhereInput> {
  if (viewer.scope === "all") return { userId: viewer.userId };
  const keys = await db.apiKey.findMany({
    where: { userId: viewer.userId, familyId: viewer.keyFamilyId },
    select: { id: true },
  });
  return { userId: viewer.userId, apiKeyId: { in: keys.map((k) => k.id) } };
}
