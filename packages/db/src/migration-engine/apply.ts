import type { MigrationList } from "../migrations-dir";
import { EngineAdapterFactory } from "./adapter";
import { withSchemaEngine } from "./run";

// Prisma 7 lets prisma.config.ts mark tables/enums as managed elsewhere; this project has none.
export const NO_FILTERS = { externalTables: [], externalEnums: [] };

/**
 * The schema engine's part of `prisma migrate deploy`: applies the migrations of `migrationsList`
 * not yet recorded in `_prisma_migrations`, in name order, under its advisory lock; returns their
 * names. No data step runs (applyMigrations interleaves them): `npm run db:sql` uses this alone,
 * since what it needs of a scratch database is its schema, and the steps' own queries are among
 * what it generates.
 */
export async function applySchemaMigrations(
  databaseUrl: string,
  migrationsList: MigrationList,
): Promise<string[]> {
  const result = await withSchemaEngine(new EngineAdapterFactory(databaseUrl), undefined, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
  );
  return result.appliedMigrationNames;
}
