import type { Prisma } from "../generated/prisma/client";

/** Who is reading: the rows a key may see are always inside its own user's. */
export interface ContextReader {
  userId: string;
  keyFamilyId: string;
  /** all of the user's contexts, only public ones, or only those its key family created */
  scope: "all" | "public" | "own";
}

export function readerFilter(reader: ContextReader): Prisma.ContextWhereInput {
  switch (reader.scope) {
    case "all":
      return { userId: reader.userId };
    case "public":
      return { userId: reader.userId, visibility: "public" };
    case "own":
      return { userId: reader.userId, keyFamilyId: reader.keyFamilyId };
  }
}
