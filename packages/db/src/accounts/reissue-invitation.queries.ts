/** Types generated for queries found in "packages/db/src/accounts/reissue-invitation.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'LockOpenInvitation' parameters type */
export interface ILockOpenInvitationParams {
  email: string;
  userId: string;
}

/** 'LockOpenInvitation' return type */
export interface ILockOpenInvitationResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'LockOpenInvitation' query type */
export interface ILockOpenInvitationQuery {
  params: ILockOpenInvitationParams;
  result: ILockOpenInvitationResult;
}

const lockOpenInvitationIR: any = {"usedParamSet":{"userId":true,"email":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":47}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":67}]}],"statement":"SELECT * FROM accounts\n WHERE user_id = :userId! AND email = :email! AND person_id IS NULL AND disabled_at IS NULL\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts
 *  WHERE user_id = :userId! AND email = :email! AND person_id IS NULL AND disabled_at IS NULL
 *    FOR UPDATE
 * ```
 */
export const lockOpenInvitation = new PreparedQuery<ILockOpenInvitationParams,ILockOpenInvitationResult>(lockOpenInvitationIR);


