/** Who is reading: the rows a key may see are always inside its own user's. */
export interface ContextReader {
  userId: string;
  keyFamilyId: string;
  /** all of the user's contexts, only public ones, or only those its key family created */
  scope: "all" | "public" | "own";
}

/**
 * The reader's scope as the parameters of the SQL function ctxlog_reader_sees (migration
 * 20261130002000_reader_scope), which every `.sql` statement reading contexts for a reader calls:
 * `ctxlog_reader_sees(c.visibility, c.key_family_id, :onlyVisibility, :onlyFamily)`.
 */
export function readerSees(reader: ContextReader): {
  onlyVisibility: "public" | null;
  onlyFamily: string | null;
} {
  return {
    onlyVisibility: reader.scope === "public" ? "public" : null,
    onlyFamily: reader.scope === "own" ? reader.keyFamilyId : null,
  };
}
