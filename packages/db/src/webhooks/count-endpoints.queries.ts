/** Types generated for queries found in "packages/db/src/webhooks/count-endpoints.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'EndpointsByState' parameters type */
export type IEndpointsByStateParams = void;

/** 'EndpointsByState' return type */
export interface IEndpointsByStateResult {
  n: number;
  state: string;
}

/** 'EndpointsByState' query type */
export interface IEndpointsByStateQuery {
  params: IEndpointsByStateParams;
  result: IEndpointsByStateResult;
}

const endpointsByStateIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS \"state!\", count(*)::int AS \"n!\"\n  FROM webhooks\n WHERE deleted_at IS NULL\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS "state!", count(*)::int AS "n!"
 *   FROM webhooks
 *  WHERE deleted_at IS NULL
 *  GROUP BY 1
 * ```
 */
export const endpointsByState = new PreparedQuery<IEndpointsByStateParams,IEndpointsByStateResult>(endpointsByStateIR);


