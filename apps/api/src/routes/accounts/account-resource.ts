import type { z } from "zod";
import type { accountListItemSchema } from "./schemas";

/** An account as the people page lists it (never which person joined it). */
export function accountListItem(a: {
  id: string;
  email: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  joined: boolean;
  disabledAt: Date | null;
}): z.infer<typeof accountListItemSchema> {
  return {
    account_id: a.id,
    email: a.email,
    created_at: a.createdAt.toISOString(),
    last_sign_in_at: a.lastSignInAt?.toISOString() ?? null,
    status: a.disabledAt ? "disabled" : a.joined ? "active" : "invited",
  };
}
