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
    status: z.enum(["active", "invited"]).meta({
      description: "`invited` until the person has set a password through their sign-in link.",
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
    link: z.url().meta({
      description: "The one-time sign-in link (`…/dashboard/setup#token=…`), valid 30 minutes. Shown once.",
    }),
    expires_at: timestamp,
  })
  .meta({ id: "Invitation" });
