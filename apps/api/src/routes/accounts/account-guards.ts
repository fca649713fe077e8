import { AppError, isId } from "@ctxlog/core";
import { LastAccountError } from "@ctxlog/db";
import type { RouteHandler } from "../route-spec";
import type { accountIdParamsSchema } from "./schemas";

export type AccountIdHandler = RouteHandler<{ params: typeof accountIdParamsSchema }>;

export const noAccount = (id: string) => new AppError("NOT_FOUND", `No account ${id}.`);

/** Whether `id` can name an account at all (anything else is the same 404 as another user's). */
export const isAccountId = (id: string) => isId(id, "acc");

/** The one 409 for taking away the user's last account that can sign in (oneself included). */
export function lastAccountConflict(err: unknown): never {
  if (err instanceof LastAccountError) {
    throw new AppError(
      "CONFLICT",
      "This is the last account of this user that can sign in: invite or enable another one first.",
      { cause: err },
    );
  }
  throw err;
}
