import type { Context } from "@ctxlog/db";
import { compileSerializer } from "../../http/compiled-schemas";
import { createdContextResource } from "./context-resource";
import { contextBatchSchema, createdContextSchema } from "./schemas";

// Written by serializers compiled from the response schemas the OpenAPI document shows.
const writeCreated = compileSerializer(createdContextSchema);
const writeBatch = compileSerializer(contextBatchSchema);

/** The 202 of POST /v1/contexts as JSON text. */
export function createdContextJson(row: Context): string {
  return writeCreated(createdContextResource(row));
}

/** The 202 of POST /v1/contexts/batch, `{"data": [created contexts, in order]}`, as JSON text. */
export function createdContextsJson(rows: readonly Context[]): string {
  return writeBatch({ data: rows.map(createdContextResource) });
}
