import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { keysOfFamily } from "./reader-scope.queries";

/** Who is reading: the rows a key may see are always inside its own user's. */
export interface ContextReader {
  userId: string;
  keyFamilyId: string;
  /** all of the user's contexts, only public ones, or only those its key family created */
  scope: "all" | "public" | "own";
}

/**
 * The reader's scope as the parameters of the SQL function ctxlog_reader_sees (migration
 * 20261201060000_contexts_key_family_from_their_key), which every `.sql` statement reading contexts
 * for a reader calls: `ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)`.
 * A reader of its own family's contexts passes its family's keys (a row names the key that wrote
 * it, not its family), read here once a call; an empty list, which sees nothing, if the family had
 * none. The others pass null: no query.
 */
export async function readerSees(
  db: DbOrTx | SqlRunner,
  reader: ContextReader,
): Promise<{ onlyVisibility: "public" | null; onlyKeys: string[] | null }> {
  const onlyVisibility = reader.scope === "public" ? "public" : null;
  if (reader.scope !== "own") return { onlyVisibility, onlyKeys: null };
  const keys = await runQuery(
    keysOfFamily,
    { userId: reader.userId, familyId: reader.keyFamilyId },
    sqlOf(db),
  );
  return { onlyVisibility, onlyKeys: keys.map((k) => k.id) };
}
