import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { useChangeMutation } from "../../api/mutations";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Verification } from "../../api/schema";

/** Newest first, of one context or all, made in `window` (none: any time). */
export function useVerifications(contextId: string, window: { since: string; until: string } | null = null) {
  const api = useApi();
  return usePagedQuery<Verification>({
    queryKey: queryKeys.verifications({ contextId, window }),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/verifications", {
          params: {
            query: {
              limit: 25,
              cursor,
              ...(contextId ? { context_id: contextId } : {}),
              ...(window ? { created_after: window.since, created_before: window.until } : {}),
            },
          },
        }),
      ),
  });
}

export function useVerification(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.verification(id),
    queryFn: () => unwrap(api.GET("/verifications/{id}", { params: { path: { id } } })),
    staleTime: Number.POSITIVE_INFINITY, // a verification never changes
  });
}

/** The data as the person holds it (the API checks its shape and says what is wrong in words). */
export type HeldContext = {
  agent_id: string;
  context_data: Record<string, unknown>;
  metadata?: Record<string, unknown>;
};

/**
 * Verifies data the person holds: against a transaction directly, or against one of their
 * contexts (its anchoring transaction is read first). The data is hashed by the API exactly as at
 * creation, so any change to it fails the hash check.
 */
export function useVerifyHeldData() {
  return useChangeMutation(async (api, input: { target: string; context: HeldContext }) => {
    let transactionHash = input.target;
    if (input.target.startsWith("ctx_")) {
      const record = await unwrap(api.GET("/contexts/{id}", { params: { path: { id: input.target } } }));
      if (!record.transaction_hash) {
        throw new Error(
          `Context ${input.target} has no anchoring transaction yet: verify it once it is sent.`,
        );
      }
      transactionHash = record.transaction_hash;
    }
    return unwrap(
      api.POST("/verifications", {
        body: { transaction_hash: transactionHash, context: input.context },
      }),
    );
  }, queryKeys.verificationsAll);
}
