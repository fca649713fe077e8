import { findPersonOfAccount, readAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import type { NoSchemas, RouteHandler } from "../route-spec";
import { sessionBody } from "./session-response";

/** GET /v1/auth/session — who is signed in, where they may switch, the CSRF token, when it ends. */
export function getSession({ db }: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ auth, res }) => {
    const { session } = requireSession(auth);
    const account = await readAccount(db, session.accountId);
    const person = await findPersonOfAccount(db, account.id);
    res.setHeader("Cache-Control", "no-store");
    res.json(
      await sessionBody(db, { account, person, csrfToken: session.csrfToken, expiresAt: session.expiresAt }),
    );
  };
}
