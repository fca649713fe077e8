/** Types generated for queries found in "packages/db/src/data-steps/context-signers.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'PublishContextSigners' parameters type */
export type IPublishContextSignersParams = void;

/** 'PublishContextSigners' return type */
export type IPublishContextSignersResult = void;

/** 'PublishContextSigners' query type */
export interface IPublishContextSignersQuery {
  params: IPublishContextSignersParams;
  result: IPublishContextSignersResult;
}

const publishContextSignersIR: any = {"usedParamSet":{},"params":[],"statement":"-- schema: 20261130005000_context_references (its step runs right after it: docs/sql.md)\n-- every address found on contexts as an \"attestation\" signer, its period from its first context to\n-- its last; an address already published has its period widened to cover them\nINSERT INTO signers (address, kind, valid_from, last_seen_at)\nSELECT signer_address, 'attestation', min(created_at), max(created_at)\n  FROM contexts\n GROUP BY signer_address\nON CONFLICT (address, kind) DO UPDATE SET\n  valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),\n  last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)"};

/**
 * Query generated from SQL:
 * ```
 * -- schema: 20261130005000_context_references (its step runs right after it: docs/sql.md)
 * -- every address found on contexts as an "attestation" signer, its period from its first context to
 * -- its last; an address already published has its period widened to cover them
 * INSERT INTO signers (address, kind, valid_from, last_seen_at)
 * SELECT signer_address, 'attestation', min(created_at), max(created_at)
 *   FROM contexts
 *  GROUP BY signer_address
 * ON CONFLICT (address, kind) DO UPDATE SET
 *   valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
 *   last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)
 * ```
 */
export const publishContextSigners = new PreparedQuery<IPublishContextSignersParams,IPublishContextSignersResult>(publishContextSignersIR);


