import { AppError } from "@ctxlog/core";
import type { z } from "zod";

/** Parses with a zod schema; failures become one VALIDATION_ERROR listing every problem. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: "body" | "query" | "path",
): z.infer<S> {
  const result = schema.safeParse(value ?? (where === "body" ? undefined : {}));
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join(".") : where,
    message: issue.message,
  }));
  const first = details[0];
  const summary = first ? `${first.path}: ${first.message}` : `invalid ${where}`;
  throw new AppError("VALIDATION_ERROR", `Invalid request ${where} — ${summary}`, { details });
}
