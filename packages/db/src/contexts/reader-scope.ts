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

/**
 * readerFilter in SQL, for queries written by hand: the condition (with a leading AND, or nothing)
 * on the contexts row `alias`; `$2` must be bound to the reader's key family.
 */
export function readerScopeSql(reader: ContextReader, alias = "c"): string {
  switch (reader.scope) {
    case "all":
      return "";
    case "public":
      return `AND ${alias}.visibility = 'public'`;
    case "own":
      return `AND ${alias}.key_family_id = $2`;
  }
}
