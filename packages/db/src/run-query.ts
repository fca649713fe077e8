import type { PreparedQuery } from "@pgtyped/runtime";
import type { SqlRunner } from "./sql-transaction";

/**
 * Runs one statement of a `.sql` file (its pgTyped query, from `<name>.queries.ts`) on an
 * SqlRunner: `sqlOf(db)` for a statement alone, or the runner `inSqlTransaction` hands its callback.
 * SQL is written in `.sql` files only (docs/sql.md): the generated module gives the statement's
 * parameter and row types, which PostgreSQL itself reported.
 */
export function runQuery<Params, Row>(
  query: PreparedQuery<Params, Row>,
  params: Params,
  sql: SqlRunner,
): Promise<Row[]> {
  return query.run(params, {
    query: async (text: string, values: unknown[]) => {
      const rows = await sql(text, values);
      // runWithCounts is never used: a statement whose count matters returns its rows
      return { rows, rowCount: rows.length };
    },
  });
}
