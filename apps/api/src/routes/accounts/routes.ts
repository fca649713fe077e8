import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { createInvitation } from "./create-invitation";
import { listAccounts } from "./list-accounts";
import {
  accountListItemSchema,
  createInvitationBodySchema,
  invitationSchema,
  listAccountsQuerySchema,
} from "./schemas";

/** The people of a user (dashboard sessions only). */
export const accountRoutes: RouteSpec[] = [
  defineRoute({
    tag: "Dashboard",
    auth: "session",
    method: "get",
    path: "/accounts",
    operationId: "listAccounts",
    summary: "List the dashboard accounts of this user, newest first",
    query: listAccountsQuerySchema,
    success: {
      status: 200,
      description: "A page of accounts",
      schema: listResponseSchema(accountListItemSchema, "AccountList"),
    },
    errors: [],
    handler: listAccounts,
  }),
  defineRoute({
    tag: "Dashboard",
    auth: "session",
    method: "post",
    path: "/accounts/invitations",
    operationId: "createInvitation",
    summary: "Invite a person: a new account of this user and its one-time sign-in link, shown once",
    body: createInvitationBodySchema,
    success: { status: 201, description: "Invited", schema: invitationSchema },
    errors: [409],
    handler: createInvitation,
  }),
];
