import { ERROR_STATUS } from "@ctxlog/core";
import { z } from "zod";

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]]);

/** A keccak256 digest or transaction hash, as the service writes them: lowercase hex. */
export const hash32Schema = z.string().regex(/^0x[0-9a-f]{64}$/);
/** An EIP-191 signature as the service writes it: r ‖ s ‖ v (27 or 28), 65 bytes of lowercase hex. */
export const signatureHexSchema = z.string().regex(/^0x[0-9a-f]{130}$/);
/**
 * A 20-byte address. Signer addresses are EIP-55 checksummed (mixed case); a registry address is
 * shown as configured. Compare addresses case-insensitively.
 */
export const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      request_id: z.string(),
      details: z
        .array(
          z.object({
            path: z.string(),
            message: z.string(),
            index: z.int().min(0).optional().meta({
              description: "In a batch request: the position of the item this problem is about.",
            }),
            code: errorCodeSchema.optional().meta({
              description:
                "In a batch request: what the item alone would have been answered with " +
                "(VALIDATION_ERROR, PAYLOAD_TOO_LARGE or INSUFFICIENT_PERMISSIONS).",
            }),
          }),
        )
        .optional(),
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
