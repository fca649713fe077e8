import { parseCookie, stringifySetCookie } from "cookie";
import type { Request, Response } from "express";

export const SESSION_COOKIE = "ctxlog_session";

/** The session token the request's Cookie header carries, if any. */
export function readSessionCookie(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE];
}

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/, and
 * Secure when the request came over https (req.secure honours TRUST_PROXY) or when configured.
 */
function attributes(req: Request, secureConfigured: boolean) {
  return { httpOnly: true, sameSite: "strict", path: "/", secure: secureConfigured || req.secure } as const;
}

export function setSessionCookie(
  req: Request,
  res: Response,
  session: { token: string; absoluteExpiresAt: Date },
  secureConfigured: boolean,
): void {
  const maxAge = Math.max(0, Math.floor((session.absoluteExpiresAt.getTime() - Date.now()) / 1000));
  res.append(
    "Set-Cookie",
    stringifySetCookie(SESSION_COOKIE, session.token, { ...attributes(req, secureConfigured), maxAge }),
  );
}

/** Tells the browser to drop the cookie (sign-out, or a session that is no longer valid). */
export function clearSessionCookie(req: Request, res: Response, secureConfigured: boolean): void {
  res.append(
    "Set-Cookie",
    stringifySetCookie(SESSION_COOKIE, "", {
      ...attributes(req, secureConfigured),
      maxAge: 0,
      expires: new Date(0),
    }),
  );
}
