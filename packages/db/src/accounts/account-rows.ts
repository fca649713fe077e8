import type { Account, Person, SignInLink as StoredSignInLink } from "../generated/prisma/client";
import { digestHex, type WithDigestHex } from "../hex-columns";

// The rows of accounts, people and sign_in_links as PostgreSQL gives them (every column, by its
// name), turned here, once, into the shapes the package returns (Prisma's model types, camelCase;
// a link's token hash as hashOpaqueToken's hex, stored as its 32 bytes).

/** Prisma's SignInLink with its token hash as hashOpaqueToken's hex. */
export type SignInLink = WithDigestHex<StoredSignInLink, "tokenHash">;

export interface AccountRow {
  id: string;
  user_id: string;
  email: string;
  person_id: string | null;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
}

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  userId: r.user_id,
  email: r.email,
  personId: r.person_id,
  invitedById: r.invited_by_id,
  lastSignInAt: r.last_sign_in_at,
  disabledAt: r.disabled_at,
  createdAt: r.created_at,
});

export interface PersonRow {
  id: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  created_at: Date;
}

export const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  emailVerifiedAt: r.email_verified_at,
  createdAt: r.created_at,
});

export interface SignInLinkRow {
  id: string;
  account_id: string;
  token_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export const toSignInLink = (r: SignInLinkRow): SignInLink => ({
  id: r.id,
  accountId: r.account_id,
  tokenHash: digestHex(r.token_hash),
  expiresAt: r.expires_at,
  usedAt: r.used_at,
  createdAt: r.created_at,
});
