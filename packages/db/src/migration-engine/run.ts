import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { EngineAdapterFactory } from "./adapter";
import { loadSchemaEngine, type SchemaEngine } from "./wasm";

export interface SchemaFile {
  path: string;
  content: string;
}

/**
 * Runs `fn` with a schema engine working through `factory`, then frees the engine and closes every
 * connection it opened, so a caller's process can exit as soon as its own work is done.
 */
export async function withSchemaEngine<T>(
  factory: EngineAdapterFactory,
  schemaFiles: SchemaFile[] | undefined,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const SchemaEngineClass = await loadSchemaEngine();
  let engine: SchemaEngine | undefined;
  try {
    // the callback receives the engine's tracing lines (JSON); nothing here needs them
    engine = await SchemaEngineClass.new(
      { datamodels: schemaFiles?.length ? schemaFiles.map((f) => [f.path, f.content]) : undefined },
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return await fn(engine);
  } catch (error) {
    throw asError(factory.failure ?? error);
  } finally {
    engine?.free();
    await factory.dispose();
  }
}

// The engine rejects with plain objects at times; callers deserve an Error with the message.
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new Error(typeof message === "string" ? message : String(error), { cause: error });
}
