/** Types generated for queries found in "packages/db/src/contexts/reader-scope.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'KeysOfFamily' parameters type */
export interface IKeysOfFamilyParams {
  familyId: string;
  userId: string;
}

/** 'KeysOfFamily' return type */
export interface IKeysOfFamilyResult {
  id: string;
}

/** 'KeysOfFamily' query type */
export interface IKeysOfFamilyQuery {
  params: IKeysOfFamilyParams;
  result: IKeysOfFamilyResult;
}

const keysOfFamilyIR: any = {"usedParamSet":{"userId":true,"familyId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":156}]},{"name":"familyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":183}]}],"statement":"-- every key of a key family (rolled keys share it; a key row is never deleted, a revoked one kept)\nSELECT id AS \"id!\" FROM api_keys WHERE user_id = :userId! AND family_id = :familyId!"};

/**
 * Query generated from SQL:
 * ```
 * -- every key of a key family (rolled keys share it; a key row is never deleted, a revoked one kept)
 * SELECT id AS "id!" FROM api_keys WHERE user_id = :userId! AND family_id = :familyId!
 * ```
 */
export const keysOfFamily = new PreparedQuery<IKeysOfFamilyParams,IKeysOfFamilyResult>(keysOfFamilyIR);


