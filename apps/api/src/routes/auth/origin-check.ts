import { AppError } from "@ctxlog/core";
import type { Request } from "express";
import { type ApiEnv, publicBaseUrl } from "../../env";

/**
 * Sign-in and setup have no session (so no CSRF token) yet: a browser's Origin header, when
 * present, must be this API's (PUBLIC_BASE_URL's, or the Host the request was sent to), so that no
 * other site's page can sign a visitor in to an account of its choosing (login CSRF).
 */
export function checkSameOrigin(req: Request, env: ApiEnv): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const allowed = [new URL(publicBaseUrl(env)).origin, `${req.protocol}://${req.get("host") ?? ""}`];
  if (!allowed.includes(origin)) {
    throw new AppError("CSRF_TOKEN_INVALID", "Cross-origin sign-in refused.");
  }
}
