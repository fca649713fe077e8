import { z } from "zod";
import { emailSchema } from "../auth/schemas";
import { paginationQuerySchema } from "../shared-schemas";

const timestamp = z.iso.datetime();

export const listAccountsQuerySchema = paginationQuerySchema.strict();

export const accountListItemSchema = z
  .object({
    account_id: z.string(),
    email: z.string(),
    created_at: timestamp,
    last_sign_in_at: timestamp.nullable(),
    status: z.enum(["active", "invited", "disabled"]).meta({
      description:
        "`invited` until the person joins (sets a password with the mailed link, or signs in to this " +
        "user's dashboard); `disabled` while disabled (no sign-in, no session).",
    }),
  })
  .meta({ id: "AccountListItem" });

export const createInvitationBodySchema = z
  .strictObject({ email: emailSchema })
  .meta({ id: "InvitationRequest" });

export const invitationSchema = z
  .object({
    account_id: z.string(),
    email: z.string(),
    expires_at: timestamp.meta({
      description: "When the invitation's link (mailed to the email, never returned here) ends: a week.",
    }),
  })
  .meta({ id: "Invitation" });

export const accountIdParamsSchema = z.object({
  account_id: z.string().meta({ example: "acc_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

export const listInvitationsQuerySchema = paginationQuerySchema.strict();

export const invitationListItemSchema = z
  .object({
    account_id: z.string(),
    email: z.string(),
    invited_by: z
      .string()
      .nullable()
      .meta({ description: "The inviting account (null: made with the CLI)." }),
    created_at: timestamp,
    expires_at: timestamp.nullable().meta({
      description: "When its sign-in link ends; null when it has none left (ask for a new invitation).",
    }),
    status: z.enum(["pending", "expired"]),
  })
  .meta({ id: "InvitationListItem" });

export const deletedAccountSchema = z
  .object({ account_id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedAccount" });
