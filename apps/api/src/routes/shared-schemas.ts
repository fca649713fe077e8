import { ERROR_STATUS } from "@ctxlog/core";
import { z } from "zod";

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]]);

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      request_id: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "Error", description: "Every error has this shape; `code` is from a closed list." });

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Page size, 1–100." }),
  cursor: z
    .string()
    .max(512)
    .optional()
    .meta({ description: "The `next_cursor` of the previous page; omit for the first page." }),
});

export function listResponseSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      next_cursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
    })
    .meta({ id });
}

/** The error responses every authenticated route can give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  const describe: Record<number, string> = {
    400: "Invalid request (VALIDATION_ERROR or INVALID_JSON)",
    401: "INVALID_API_KEY",
    403: "INSUFFICIENT_PERMISSIONS",
    404: "NOT_FOUND",
    409: "CONFLICT",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    429: "RATE_LIMIT_EXCEEDED",
    503: "SERVICE_UNAVAILABLE",
  };
  const all = [401, 429, 503, ...statuses].sort();
  return Object.fromEntries(
    all.map((s) => [
      String(s),
      {
        description: describe[s] ?? "Error",
        content: { "application/json": { schema: errorResponseSchema } },
      },
    ]),
  );
}
