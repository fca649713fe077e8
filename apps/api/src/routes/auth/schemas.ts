import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../sessions/passwords";

const timestamp = z.iso.datetime();

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `at most ${PASSWORD_MAX_LENGTH} characters`)
  .meta({ description: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters.` });

/** Any password up to the maximum: a sign-in never says whether a too-short one could be right. */
const presentedPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const emailSchema = z.email().max(320).meta({ example: "ops@example.com" });

export const accountSchema = z
  .object({
    account_id: z.string().meta({ example: "acc_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
    email: z.string(),
    user_id: z.string(),
    created_at: timestamp,
    last_sign_in_at: timestamp.nullable(),
  })
  .meta({ id: "Account" });

export const membershipSchema = z
  .object({
    account_id: z.string(),
    user_id: z.string(),
    status: z.enum(["active", "invited"]).meta({
      description: "`invited`: an open invitation to this person's email; switching to it joins it.",
    }),
  })
  .meta({ id: "Membership" });

export const sessionSchema = z
  .object({
    account: accountSchema,
    memberships: z.array(membershipSchema).meta({
      description:
        "Every user's dashboard this person may switch to (POST /v1/auth/switch), this one included: the " +
        "accounts they joined, most recently used first, then open invitations to their email.",
    }),
    csrf_token: z.string().meta({
      description: "Send as `X-CSRF-Token` on every POST, PUT, PATCH and DELETE made with this session.",
    }),
    expires_at: timestamp.meta({
      description: "When the session ends if unused (idle expiry, capped by the absolute one).",
    }),
  })
  .meta({ id: "DashboardSession" });

export const setupBodySchema = z
  .strictObject({
    token: z.string().min(1).max(128).meta({ description: "The `token` of a sign-in link's fragment." }),
    password: newPasswordSchema,
  })
  .meta({ id: "SetupRequest" });

export const signInBodySchema = z
  .strictObject({
    email: z.string().min(1).max(320),
    password: presentedPasswordSchema,
    user_id: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .meta({
        description:
          "Enter this user's dashboard when the person is a member (or has an open invitation there, which " +
          "it joins); otherwise, or when left out, the one they used last.",
      }),
  })
  .meta({ id: "SignInRequest" });

export const switchBodySchema = z
  .strictObject({ account_id: z.string().min(1).max(64) })
  .meta({ id: "SwitchRequest" });

export const changePasswordBodySchema = z
  .strictObject({ current_password: presentedPasswordSchema, new_password: newPasswordSchema })
  .meta({ id: "ChangePasswordRequest" });

export type AccountResource = z.infer<typeof accountSchema>;
