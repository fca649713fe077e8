import type { z } from "zod";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import type { NoSchemas, RouteHandler } from "../route-spec";
import type { sessionSchema } from "./schemas";
import { accountResource } from "./session-response";

/** GET /v1/auth/session — who is signed in, the CSRF token, and when the session ends if unused. */
export function getSession({ db }: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ auth, res }) => {
    const { session } = requireSession(auth);
    const account = await db.account.findUniqueOrThrow({ where: { id: session.accountId } });
    res.setHeader("Cache-Control", "no-store");
    res.json({
      account: accountResource(account),
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt.toISOString(),
    } satisfies z.infer<typeof sessionSchema>);
  };
}
