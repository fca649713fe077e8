import type { SecretKeyring } from "@ctxlog/core";
import type { SqlRunner } from "../sql-transaction";

/** What the process applying the migrations holds beyond the database, for a step that needs it. */
export interface DataStepContext {
  /** the apps' secrets keyring, from its environment (scripts/db-migrate.js); null when it has none */
  keyring: SecretKeyring | null;
}

/**
 * A rewrite of stored rows that SQL alone cannot make (it needs @ctxlog/core: a keccak256, a
 * decoder, the secrets keyring), or that belongs with the code it replaces (context-signers.ts), run
 * by applyMigrations right after the migration it names and before the ones that follow, which may rely on it (drop the column it emptied, say). Until 1.0, a change of a stored
 * form rewrites the rows already there in the same release (docs/sql.md): these are the part of
 * such rewrites that is code. It runs at its migration's schema, not today's: its statements are its
 * own, in a `.sql` file whose `-- schema:` line names that migration, where `npm run db:sql` types
 * them (docs/sql.md).
 */
export interface DataStep {
  /** the migration (folder name) it runs after: 20261129100346_data_steps (its ledger) or a later one */
  after: string;
  /** unique, recorded in ctxlog_data_steps once run */
  name: string;
  /** one transaction; must leave nothing to do when run on rows it already rewrote */
  run(sql: SqlRunner, context: DataStepContext): Promise<void>;
}
