import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { createInvitation } from "./create-invitation";
import { disableAccountRoute, enableAccountRoute } from "./disable-account";
import { listAccounts } from "./list-accounts";
import { listInvitations } from "./list-invitations";
import { removeAccountRoute } from "./remove-account";
import { revokeInvitationRoute } from "./revoke-invitation";
import {
  accountIdParamsSchema,
  accountListItemSchema,
  createInvitationBodySchema,
  deletedAccountSchema,
  invitationListItemSchema,
  invitationSchema,
  listAccountsQuerySchema,
  listInvitationsQuerySchema,
} from "./schemas";

const common = { tag: "Dashboard", auth: "session", permission: "any" } as const;

/** The people of a user (dashboard sessions only). */
export const accountRoutes: RouteSpec[] = [
  defineRoute({
    ...common,
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
    ...common,
    method: "post",
    path: "/accounts/invitations",
    operationId: "createInvitation",
    summary: "Invite a person: an account of this user, its one-time link mailed to the email",
    body: createInvitationBodySchema,
    success: {
      status: 201,
      description:
        "Invited: the link is mailed to the email (never returned here). The same answer, work and time " +
        "whoever the email belongs to; an email this user invited and nobody joined yet gets a new link. " +
        "503 when the server has no SMTP_URL.",
      schema: invitationSchema,
    },
    errors: [409],
    handler: createInvitation,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/accounts/invitations",
    operationId: "listInvitations",
    summary: "List this user's open invitations (people who have not joined yet), newest first",
    query: listInvitationsQuerySchema,
    success: {
      status: 200,
      description: "A page of invitations",
      schema: listResponseSchema(invitationListItemSchema, "InvitationList"),
    },
    errors: [],
    handler: listInvitations,
  }),
  defineRoute({
    ...common,
    method: "delete",
    path: "/accounts/invitations/:account_id",
    operationId: "revokeInvitation",
    summary: "Revoke an invitation: its sign-in link stops working and the account is removed",
    params: accountIdParamsSchema,
    success: { status: 200, description: "Revoked", schema: deletedAccountSchema },
    errors: [],
    handler: revokeInvitationRoute,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/accounts/:account_id/disable",
    operationId: "disableAccount",
    summary: "Disable an account: no sign-in; its sessions and sign-in links end now",
    params: accountIdParamsSchema,
    success: { status: 200, description: "Disabled", schema: accountListItemSchema },
    errors: [409],
    handler: disableAccountRoute,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/accounts/:account_id/enable",
    operationId: "enableAccount",
    summary: "Enable a disabled account again: it signs in with its password",
    params: accountIdParamsSchema,
    success: { status: 200, description: "Enabled", schema: accountListItemSchema },
    errors: [],
    handler: enableAccountRoute,
  }),
  defineRoute({
    ...common,
    method: "delete",
    path: "/accounts/:account_id",
    operationId: "removeAccount",
    summary: "Remove an account: its sessions and sign-in links end now; what it did stays",
    params: accountIdParamsSchema,
    success: { status: 200, description: "Removed", schema: deletedAccountSchema },
    errors: [409],
    handler: removeAccountRoute,
  }),
];
