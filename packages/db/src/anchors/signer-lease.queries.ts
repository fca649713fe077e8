/** Types generated for queries found in "packages/db/src/anchors/signer-lease.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'AcquireSignerLeaseOf' parameters type */
export interface IAcquireSignerLeaseOfParams {
  holder: string;
  signerAddress: string;
  ttlSeconds: number;
}

/** 'AcquireSignerLeaseOf' return type */
export interface IAcquireSignerLeaseOfResult {
  epoch: string;
}

/** 'AcquireSignerLeaseOf' query type */
export interface IAcquireSignerLeaseOfQuery {
  params: IAcquireSignerLeaseOfParams;
  result: IAcquireSignerLeaseOfResult;
}

const acquireSignerLeaseOfIR: any = {"usedParamSet":{"signerAddress":true,"holder":true,"ttlSeconds":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":92}]},{"name":"holder","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":102}]},{"name":"ttlSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":138,"b":149}]}],"statement":"INSERT INTO signer_leases (signer_address, holder, epoch, expires_at)\nVALUES (:signerAddress!, :holder!, 1, now() + make_interval(secs => :ttlSeconds!::float8))\nON CONFLICT (signer_address) DO UPDATE SET\n  epoch = CASE WHEN signer_leases.holder = EXCLUDED.holder THEN signer_leases.epoch\n               ELSE signer_leases.epoch + 1 END,\n  holder = EXCLUDED.holder,\n  expires_at = EXCLUDED.expires_at\nWHERE signer_leases.holder = EXCLUDED.holder OR signer_leases.expires_at < now()\nRETURNING epoch::text AS \"epoch!\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO signer_leases (signer_address, holder, epoch, expires_at)
 * VALUES (:signerAddress!, :holder!, 1, now() + make_interval(secs => :ttlSeconds!::float8))
 * ON CONFLICT (signer_address) DO UPDATE SET
 *   epoch = CASE WHEN signer_leases.holder = EXCLUDED.holder THEN signer_leases.epoch
 *                ELSE signer_leases.epoch + 1 END,
 *   holder = EXCLUDED.holder,
 *   expires_at = EXCLUDED.expires_at
 * WHERE signer_leases.holder = EXCLUDED.holder OR signer_leases.expires_at < now()
 * RETURNING epoch::text AS "epoch!"
 * ```
 */
export const acquireSignerLeaseOf = new PreparedQuery<IAcquireSignerLeaseOfParams,IAcquireSignerLeaseOfResult>(acquireSignerLeaseOfIR);


/** 'ReleaseSignerLeaseOf' parameters type */
export interface IReleaseSignerLeaseOfParams {
  epoch: NumberOrString;
  holder: string;
  signerAddress: string;
}

/** 'ReleaseSignerLeaseOf' return type */
export type IReleaseSignerLeaseOfResult = void;

/** 'ReleaseSignerLeaseOf' query type */
export interface IReleaseSignerLeaseOfQuery {
  params: IReleaseSignerLeaseOfParams;
  result: IReleaseSignerLeaseOfResult;
}

const releaseSignerLeaseOfIR: any = {"usedParamSet":{"signerAddress":true,"holder":true,"epoch":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":109}]},{"name":"holder","required":true,"transform":{"type":"scalar"},"locs":[{"a":124,"b":131}]},{"name":"epoch","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":151}]}],"statement":"UPDATE signer_leases SET expires_at = now() - interval '1 millisecond'\n WHERE signer_address = :signerAddress! AND holder = :holder! AND epoch = :epoch!::bigint"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE signer_leases SET expires_at = now() - interval '1 millisecond'
 *  WHERE signer_address = :signerAddress! AND holder = :holder! AND epoch = :epoch!::bigint
 * ```
 */
export const releaseSignerLeaseOf = new PreparedQuery<IReleaseSignerLeaseOfParams,IReleaseSignerLeaseOfResult>(releaseSignerLeaseOfIR);


/** 'HoldsSignerLeaseOf' parameters type */
export interface IHoldsSignerLeaseOfParams {
  epoch: NumberOrString;
  holder: string;
  signerAddress: string;
}

/** 'HoldsSignerLeaseOf' return type */
export interface IHoldsSignerLeaseOfResult {
  ok: number | null;
}

/** 'HoldsSignerLeaseOf' query type */
export interface IHoldsSignerLeaseOfQuery {
  params: IHoldsSignerLeaseOfParams;
  result: IHoldsSignerLeaseOfResult;
}

const holdsSignerLeaseOfIR: any = {"usedParamSet":{"signerAddress":true,"holder":true,"epoch":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":149}]},{"name":"holder","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":171}]},{"name":"epoch","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":191}]}],"statement":"-- share-locked: a takeover waits for the transaction that checked it to end\nSELECT 1 AS ok FROM signer_leases\n WHERE signer_address = :signerAddress! AND holder = :holder! AND epoch = :epoch!::bigint\n   AND expires_at > now()\n   FOR SHARE"};

/**
 * Query generated from SQL:
 * ```
 * -- share-locked: a takeover waits for the transaction that checked it to end
 * SELECT 1 AS ok FROM signer_leases
 *  WHERE signer_address = :signerAddress! AND holder = :holder! AND epoch = :epoch!::bigint
 *    AND expires_at > now()
 *    FOR SHARE
 * ```
 */
export const holdsSignerLeaseOf = new PreparedQuery<IHoldsSignerLeaseOfParams,IHoldsSignerLeaseOfResult>(holdsSignerLeaseOfIR);


