import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { useChangeMutation, useSecretMutation } from "../../api/mutations";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { ApiKey } from "../../api/schema";

export const KEY_STATUSES: readonly ApiKey["status"][] = ["active", "revoked", "expired"];
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

/** The answer carries the new key itself. */
export function useCreateKey() {
  return useSecretMutation(
    (api, body: CreateKeyInput) => unwrap(api.POST("/keys", { body })),
    queryKeys.keysAll,
  );
}

/** The answer carries the new key itself. */
export function useRollKey() {
  return useSecretMutation(
    (api, { keyId, overlapHours }: { keyId: string; overlapHours: number }) =>
      unwrap(
        api.POST("/keys/{key_id}/roll", {
          params: { path: { key_id: keyId } },
          body: { overlap_hours: overlapHours },
        }),
      ),
    queryKeys.keysAll,
  );
}

export function useRevokeKey() {
  return useChangeMutation(
    (api, keyId: string) =>
      unwrap(api.POST("/keys/{key_id}/revoke", { params: { path: { key_id: keyId } } })),
    queryKeys.keysAll,
  );
}
