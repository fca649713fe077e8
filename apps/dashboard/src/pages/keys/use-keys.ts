import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { ApiKey } from "../../api/schema";

export type KeyStatusFilter = "" | ApiKey["status"];

export function useKeys(status: KeyStatusFilter) {
  const api = useApi();
  return usePagedQuery<ApiKey>({
    queryKey: queryKeys.keys({ status }),
    fetchPage: (cursor) =>
      unwrap(api.GET("/keys", { params: { query: { limit: 25, cursor, ...(status ? { status } : {}) } } })),
  });
}

export interface CreateKeyInput {
  type: ApiKey["type"];
  name?: string;
  agent_patterns?: string[];
  expires_in_days?: number;
}

// The answers below carry the key itself: gcTime 0 drops them from the mutation cache as soon as the
// component has taken the key into its own state, so the secret is held in one place only.
export function useCreateKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (body: CreateKeyInput) => unwrap(api.POST("/keys", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keysAll }),
  });
}

export function useRollKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: ({ keyId, overlapHours }: { keyId: string; overlapHours: number }) =>
      unwrap(
        api.POST("/keys/{key_id}/roll", {
          params: { path: { key_id: keyId } },
          body: { overlap_hours: overlapHours },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keysAll }),
  });
}

export function useRevokeKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      unwrap(api.POST("/keys/{key_id}/revoke", { params: { path: { key_id: keyId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keysAll }),
  });
}
