import Ajv, { type ValidateFunction } from "ajv";
import fastJson from "fast-json-stringify";
import { z } from "zod";

/**
 * A route schema as JSON Schema (draft-07): zod's own conversion, the one the OpenAPI document is
 * built from (zod-openapi calls it too). `io` picks the request side (what a client may send) or
 * the response side (what we write).
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, target: "draft-7", unrepresentable: "any" }) as Record<string, unknown>;
}

const ajv = new Ajv({ allErrors: false, strict: false });

/**
 * A yes/no check compiled (ajv) from the request schema: yes exactly when zod would accept the
 * value. Used where the schema passes accepted values through unchanged (no defaults, no
 * transforms), so a yes lets the handler take the value as it is; on a no, zod parses it and words
 * the errors (compiled-schemas.test.ts holds the two to the same verdicts).
 */
export function compileCheck(schema: z.ZodType): ValidateFunction {
  return ajv.compile(jsonSchemaOf(schema, "input"));
}

// zod writes a nullable field as anyOf [it, null]; fast-json-stringify then tries each branch
// with a validator per value. As `type: [t, "null"]` it writes the value directly.
function nullableAsTypeList(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypeList);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsTypeList(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = anyOf.find((branch) => branch.type !== "null");
    const simple = nonNull && typeof nonNull.type === "string" && nonNull.type !== "object";
    if (simple && anyOf.some((branch) => branch.type === "null")) {
      delete out.anyOf;
      return { ...nonNull, ...out, type: [nonNull.type, "null"] };
    }
    if (nonNull && anyOf.some((branch) => branch.type === "null")) {
      delete out.anyOf;
      return { ...nonNull, ...out, nullable: true };
    }
  }
  return out;
}

/**
 * The response serializer compiled (fast-json-stringify) from the response schema: it writes the
 * schema's fields, in the schema's order, and refuses an object missing a required one.
 */
export function compileSerializer<S extends z.ZodType>(schema: S): (value: z.output<S>) => string {
  return fastJson(nullableAsTypeList(jsonSchemaOf(schema, "output")) as never) as (
    value: z.output<S>,
  ) => string;
}
