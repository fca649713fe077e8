import { AppError, isId } from "@ctxlog/core";
import { enterAccount, findPersonOfAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import type { switchBodySchema } from "./schemas";
import { sendNewSession, sessionTimeouts } from "./session-response";

/**
 * POST /v1/auth/switch — the signed-in person moves to another user's dashboard they are a member
 * of (an account of theirs, or an open invitation to their email, which this joins): this session
 * ends and a new one starts there (a new cookie and CSRF token). Anything else is 404, as another
 * user's object always is.
 */
export function switchAccount({ db, env }: ApiDeps): RouteHandler<{ body: typeof switchBodySchema }> {
  return async ({ body, auth, req, res }) => {
    const { session } = requireSession(auth);
    const person = await findPersonOfAccount(db, session.accountId);
    const entered =
      person && isId(body.account_id, "acc")
        ? await enterAccount(db, {
            person,
            accountId: body.account_id,
            timeouts: sessionTimeouts(env),
            replaces: session.id,
          })
        : null;
    if (!person || !entered) throw new AppError("NOT_FOUND", `No dashboard ${body.account_id} of yours.`);
    await sendNewSession(db, req, res, env, { ...entered, person });
  };
}
