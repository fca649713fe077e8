import { AppError } from "@ctxlog/core";
import { AccountEmailTakenError, createAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { publicBaseUrl } from "../../env";
import { requireSession } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import type { createInvitationBodySchema } from "./schemas";

/** The setup page reads the token from the fragment: it never reaches a server log or a Referer. */
export const setupLink = (base: string, token: string) => `${base}/dashboard/setup#token=${token}`;

/**
 * POST /v1/accounts/invitations — a new account of this user for another person, and its one-time
 * sign-in link, shown to the inviter once (only its hash is stored). Whether the email already
 * signs in to another user's account is never looked at here: the answer is the same for every
 * email, and such an invitation's link simply cannot be completed (redeemSignInLink). Only an
 * email this same user already has is a 409.
 */
export function createInvitation({
  db,
  env,
}: ApiDeps): RouteHandler<{ body: typeof createInvitationBodySchema }> {
  return async ({ body, auth, res }) => {
    const { session } = requireSession(auth);
    try {
      const { account, link } = await createAccount(db, {
        userId: auth.userId,
        email: body.email,
        invitedById: session.accountId,
      });
      res.setHeader("Cache-Control", "no-store");
      res.status(201).json({
        account_id: account.id,
        email: account.email,
        link: setupLink(publicBaseUrl(env), link.token),
        expires_at: link.expiresAt.toISOString(),
      });
    } catch (err) {
      if (err instanceof AccountEmailTakenError) {
        throw new AppError("CONFLICT", "This user already has an account with this email.", { cause: err });
      }
      throw err;
    }
  };
}
