import { defineRoute, type RouteSpec, type SuccessHeader } from "../route-spec";
import { changePassword } from "./change-password";
import { getSession } from "./get-session";
import {
  changePasswordBodySchema,
  sessionSchema,
  setupBodySchema,
  signInBodySchema,
  switchBodySchema,
} from "./schemas";
import { setupAccount } from "./setup-account";
import { signIn } from "./sign-in";
import { signOut, signOutEverywhere } from "./sign-out";
import { switchAccount } from "./switch-account";

const setsCookie: SuccessHeader = {
  name: "Set-Cookie",
  required: true,
  description:
    "`ctxlog_session=<token>; Max-Age=…; Path=/; HttpOnly; SameSite=Strict` (and `Secure` over https).",
};
const clearsCookie: SuccessHeader = {
  name: "Set-Cookie",
  required: true,
  description: "`ctxlog_session=; Max-Age=0; …`: the browser drops the cookie.",
};

const tag = "Dashboard";

/** Dashboard accounts' sign-in and sessions (the SPA at /dashboard). */
export const authRoutes: RouteSpec[] = [
  defineRoute({
    tag,
    permission: "any",
    auth: "none",
    method: "post",
    path: "/auth/setup",
    operationId: "setupAccount",
    summary: "Set your password with a mailed one-time link's token, join its account and sign in",
    body: setupBodySchema,
    success: { status: 200, description: "Signed in", schema: sessionSchema, headers: [setsCookie] },
    errors: [403],
    handler: setupAccount,
  }),
  defineRoute({
    tag,
    permission: "any",
    auth: "none",
    method: "post",
    path: "/auth/sign-in",
    operationId: "signIn",
    summary: "Sign in with email and password (a new session every time), to one user's dashboard",
    body: signInBodySchema,
    success: { status: 200, description: "Signed in", schema: sessionSchema, headers: [setsCookie] },
    errors: [403],
    handler: signIn,
  }),
  defineRoute({
    tag,
    permission: "any",
    auth: "session",
    method: "get",
    path: "/auth/session",
    operationId: "getSession",
    summary: "The signed-in account, its CSRF token and when the session ends if unused",
    success: { status: 200, description: "The session", schema: sessionSchema },
    errors: [],
    handler: getSession,
  }),
  defineRoute({
    tag,
    permission: "any",
    auth: "session",
    method: "post",
    path: "/auth/switch",
    operationId: "switchAccount",
    summary: "Move to another user's dashboard you are a member of (or join an open invitation to it)",
    body: switchBodySchema,
    success: {
      status: 200,
      description: "Signed in there; this session ended",
      schema: sessionSchema,
      headers: [setsCookie],
    },
    errors: [404],
    handler: switchAccount,
  }),
  defineRoute({
    tag,
    permission: "any",
    auth: "session",
    method: "post",
    path: "/auth/sign-out",
    operationId: "signOut",
    summary: "End this session",
    success: { status: 204, description: "Signed out", headers: [clearsCookie] },
    errors: [],
    handler: signOut,
  }),
  defineRoute({
    tag,
    permission: "any",
    auth: "session",
    method: "post",
    path: "/auth/sign-out-everywhere",
    operationId: "signOutEverywhere",
    summary: "End every session of this person, in every user's dashboard",
    success: { status: 204, description: "Every session ended", headers: [clearsCookie] },
    errors: [],
    handler: signOutEverywhere,
  }),
  defineRoute({
    tag,
    permission: "any",
    auth: "session",
    method: "post",
    path: "/auth/password",
    operationId: "changePassword",
    summary: "Change your password: every session of yours ends, a new one is issued",
    body: changePasswordBodySchema,
    success: {
      status: 200,
      description: "Changed; signed in again",
      schema: sessionSchema,
      headers: [setsCookie],
    },
    errors: [],
    handler: changePassword,
  }),
];
