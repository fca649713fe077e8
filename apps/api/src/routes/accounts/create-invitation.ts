import { AppError } from "@ctxlog/core";
import {
  AccountEmailTakenError,
  createAccount,
  findAccount,
  findPersonByEmail,
  type PrismaClient,
  reissueInvitation,
} from "@ctxlog/db";
import { invitationMail, setupLinkUrl, signInPageUrl } from "@ctxlog/mail";
import type { z } from "zod";
import type { ApiDeps } from "../../deps";
import { publicBaseUrl } from "../../env";
import { requireSession } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import type { createInvitationBodySchema, invitationSchema } from "./schemas";

/** The invitation's account and link: a new one, or a new link for this user's open invitation. */
async function invite(db: PrismaClient, input: { userId: string; email: string; invitedById: string }) {
  try {
    return await createAccount(db, input);
  } catch (err) {
    if (!(err instanceof AccountEmailTakenError)) throw err;
    const again = await reissueInvitation(db, input);
    if (again) return again;
    throw new AppError("CONFLICT", "This email already has an account in this user's dashboard.", {
      cause: err,
    });
  }
}

/**
 * POST /v1/accounts/invitations — invites a person to this user's dashboard: an account (invited)
 * and its one-time link, which is MAILED to the email, never shown to the inviter. The answer, its
 * work and its time are the same whoever the email belongs to: whether a person already signs in
 * with it is looked at only while the mail is written, after the answer (off the request path, as
 * the sending). Inviting again an email this user invited and nobody joined sends a new link; an
 * email already a member here is a 409 (this user's own people, which the inviter sees anyway).
 */
export function createInvitation({
  db,
  env,
  mail,
}: ApiDeps): RouteHandler<{ body: typeof createInvitationBodySchema }> {
  return async ({ body, auth, res }) => {
    const { session } = requireSession(auth);
    if (!mail) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "Invitations are sent by email and this server has no SMTP_URL: ask its operator to set it.",
      );
    }
    const { account, link } = await invite(db, {
      userId: auth.userId,
      email: body.email,
      invitedById: session.accountId,
    });
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json({
      account_id: account.id,
      email: account.email,
      expires_at: link.expiresAt.toISOString(),
    } satisfies z.infer<typeof invitationSchema>);
    const base = publicBaseUrl(env);
    mail.post({ mail: "invitation", accountId: account.id }, async () => {
      const [person, inviter] = await Promise.all([
        findPersonByEmail(db, account.email),
        findAccount(db, session.accountId),
      ]);
      return invitationMail({
        to: account.email,
        userId: account.userId,
        invitedBy: inviter?.email ?? null,
        link: setupLinkUrl(base, link.token),
        expiresAt: link.expiresAt,
        personExists: person !== null,
        signInUrl: signInPageUrl(base, account.userId),
      });
    });
  };
}
