/** Types generated for queries found in "packages/db/src/accounts/list-invitations.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'OpenInvitationsPage' parameters type */
export interface IOpenInvitationsPageParams {
  after?: string | null | void;
  limit: NumberOrString;
  userId: string;
}

/** 'OpenInvitationsPage' return type */
export interface IOpenInvitationsPageResult {
  accountId: string;
  createdAt: Date;
  email: string;
  expiresAt: Date | null;
  invitedById: string | null;
}

/** 'OpenInvitationsPage' query type */
export interface IOpenInvitationsPageQuery {
  params: IOpenInvitationsPageParams;
  result: IOpenInvitationsPageResult;
}

const openInvitationsPageIR: any = {"usedParamSet":{"userId":true,"after":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":270,"b":277}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":337,"b":342},{"a":368,"b":373}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":409}]}],"statement":"SELECT a.id AS \"accountId\", a.email, a.invited_by_id AS \"invitedById\", a.created_at AS \"createdAt\",\n       (SELECT max(l.expires_at) FROM sign_in_links AS l\n         WHERE l.account_id = a.id AND l.used_at IS NULL) AS \"expiresAt\"\n  FROM accounts AS a\n WHERE a.user_id = :userId! AND a.person_id IS NULL AND a.disabled_at IS NULL\n   AND (:after::text IS NULL OR a.id < :after)\n ORDER BY a.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id AS "accountId", a.email, a.invited_by_id AS "invitedById", a.created_at AS "createdAt",
 *        (SELECT max(l.expires_at) FROM sign_in_links AS l
 *          WHERE l.account_id = a.id AND l.used_at IS NULL) AS "expiresAt"
 *   FROM accounts AS a
 *  WHERE a.user_id = :userId! AND a.person_id IS NULL AND a.disabled_at IS NULL
 *    AND (:after::text IS NULL OR a.id < :after)
 *  ORDER BY a.id DESC
 *  LIMIT :limit!
 * ```
 */
export const openInvitationsPage = new PreparedQuery<IOpenInvitationsPageParams,IOpenInvitationsPageResult>(openInvitationsPageIR);


