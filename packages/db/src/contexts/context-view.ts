import type { ContextView, ErrorCode } from "@ctxlog/core";
import type { Context } from "../generated/prisma/client";

/** The event builders' view of a context row (core knows nothing of Prisma). */
export function toContextView(row: Context): ContextView {
  return {
    ...row,
    errorCode: row.errorCode as ErrorCode | null,
    errorDetails: row.errorDetails,
  };
}
