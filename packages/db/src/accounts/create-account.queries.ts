/** Types generated for queries found in "packages/db/src/accounts/create-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'EnsureUser' parameters type */
export interface IEnsureUserParams {
  plan: string;
  userId: string;
}

/** 'EnsureUser' return type */
export type IEnsureUserResult = void;

/** 'EnsureUser' query type */
export interface IEnsureUserQuery {
  params: IEnsureUserParams;
  result: IEnsureUserResult;
}

const ensureUserIR: any = {"usedParamSet":{"userId":true,"plan":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":44}]},{"name":"plan","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":52}]}],"statement":"INSERT INTO users (id, plan) VALUES (:userId!, :plan!)\nON CONFLICT (id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO users (id, plan) VALUES (:userId!, :plan!)
 * ON CONFLICT (id) DO NOTHING
 * ```
 */
export const ensureUser = new PreparedQuery<IEnsureUserParams,IEnsureUserResult>(ensureUserIR);


/** 'InsertAccount' parameters type */
export interface IInsertAccountParams {
  email: string;
  id: string;
  invitedById?: string | null | void;
  now: DateOrString;
  userId: string;
}

/** 'InsertAccount' return type */
export interface IInsertAccountResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'InsertAccount' query type */
export interface IInsertAccountQuery {
  params: IInsertAccountParams;
  result: IInsertAccountResult;
}

const insertAccountIR: any = {"usedParamSet":{"id":true,"userId":true,"email":true,"invitedById":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":80}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":90}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":99}]},{"name":"invitedById","required":false,"transform":{"type":"scalar"},"locs":[{"a":102,"b":113}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":120}]}],"statement":"INSERT INTO accounts (id, user_id, email, invited_by_id, created_at)\nVALUES (:id!, :userId!, :email!, :invitedById, :now!)\nRETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO accounts (id, user_id, email, invited_by_id, created_at)
 * VALUES (:id!, :userId!, :email!, :invitedById, :now!)
 * RETURNING *
 * ```
 */
export const insertAccount = new PreparedQuery<IInsertAccountParams,IInsertAccountResult>(insertAccountIR);


/** 'InsertAccountKey' parameters type */
export interface IInsertAccountKeyParams {
  accountId: string;
  hash: Buffer;
  id: string;
  name: string;
  now: DateOrString;
  userId: string;
}

/** 'InsertAccountKey' return type */
export interface IInsertAccountKeyResult {
  id: string;
}

/** 'InsertAccountKey' query type */
export interface IInsertAccountKeyQuery {
  params: IInsertAccountKeyParams;
  result: IInsertAccountKeyResult;
}

const insertAccountKeyIR: any = {"usedParamSet":{"id":true,"userId":true,"hash":true,"accountId":true,"name":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":115},{"a":155,"b":158}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":125}]},{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":141}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":171}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":179}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":186}]}],"statement":"INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id, account_id, name, created_at)\nVALUES (:id!, :userId!, 'full', :hash!, 'session', :id!, :accountId!, :name!, :now!)\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id, account_id, name, created_at)
 * VALUES (:id!, :userId!, 'full', :hash!, 'session', :id!, :accountId!, :name!, :now!)
 * RETURNING id
 * ```
 */
export const insertAccountKey = new PreparedQuery<IInsertAccountKeyParams,IInsertAccountKeyResult>(insertAccountKeyIR);


