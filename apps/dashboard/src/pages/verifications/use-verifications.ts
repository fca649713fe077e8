import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Verification } from "../../api/schema";

export function useVerifications(contextId: string) {
  const api = useApi();
  return usePagedQuery<Verification>({
    queryKey: queryKeys.verifications({ contextId }),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/verifications", {
          params: { query: { limit: 25, cursor, ...(contextId ? { context_id: contextId } : {}) } },
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
