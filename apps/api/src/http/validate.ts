import { AppError } from "@ctxlog/core";
import { z } from "zod";

export type RequestPart = "body" | "query" | "path" | "header";

/**
 * A union of request forms is checked against the form whose keys the value uses most, so a mistake
 * gets that form's messages rather than a union's; with none of them, the union's own message.
 */
function formOf(schema: z.ZodType, value: unknown): z.ZodType {
  if (
    !(schema instanceof z.ZodUnion) ||
    value === null ||
    typeof value !== "object" ||
    Array.isArray(value)
  ) {
    return schema;
  }
  // the form using the most of the value's keys: forms may share one (`context`)
  let form: z.ZodType = schema;
  let most = 0;
  for (const option of schema.options as readonly z.ZodType[]) {
    if (!(option instanceof z.ZodObject)) continue;
    const used = Object.keys(option.shape).filter((key) => key in value).length;
    if (used > most) [form, most] = [option, used];
  }
  return form;
}

/**
 * Parses with a zod schema; failures become one VALIDATION_ERROR listing every problem. With
 * `itemsOf` (a batch body's array field), a problem inside one of its items also names the item's
 * `index` and `code`.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: RequestPart,
  itemsOf?: string,
): z.infer<S> {
  const input = value ?? (where === "body" ? undefined : {});
  const result = formOf(schema, input).safeParse(input);
  if (result.success) return result.data as z.infer<S>;
  const details = result.error.issues.map((issue) => {
    const detail = { path: issue.path.length ? issue.path.join(".") : where, message: issue.message };
    const [field, index] = issue.path;
    return itemsOf !== undefined && field === itemsOf && typeof index === "number"
      ? { index, code: "VALIDATION_ERROR", ...detail }
      : detail;
  });
  const first = details[0];
  const summary = first ? `${first.path}: ${first.message}` : `invalid ${where}`;
  throw new AppError("VALIDATION_ERROR", `Invalid request ${where} — ${summary}`, { details });
}

/** The headers a schema names, read case-insensitively; absent ones are left out. */
export function pickHeaders(
  schema: z.ZodObject,
  get: (name: string) => string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = get(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
