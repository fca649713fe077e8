import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "./api-context";
import type { ApiClient } from "./client";

/** A mutation that changes what the queries under `changed` show: they are asked for again after it. */
export function useChangeMutation<TVariables = void, TData = unknown>(
  request: (api: ApiClient, variables: TVariables) => Promise<TData>,
  changed: QueryKey,
  { holdsSecret = false } = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    ...(holdsSecret ? { gcTime: 0 } : {}),
    mutationFn: (variables: TVariables) => request(api, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changed }),
  });
}

/**
 * A mutation whose answer carries a secret that is shown once (an API key, a signing secret, an
 * invitation link): gcTime 0 drops the answer from the mutation cache as soon as the component has
 * taken the secret into its own state, so the secret is held in one place only.
 */
export function useSecretMutation<TVariables = void, TData = unknown>(
  request: (api: ApiClient, variables: TVariables) => Promise<TData>,
  changed: QueryKey,
) {
  return useChangeMutation(request, changed, { holdsSecret: true });
}

/**
 * A mutation answered with the record's new state: the answer replaces the cached record
 * (`recordKey`), and the lists that may show it (under `listsKey`) are asked for again.
 */
export function useRecordMutation<TVariables = void, TRecord = unknown>(
  request: (api: ApiClient, variables: TVariables) => Promise<TRecord>,
  recordKey: QueryKey,
  listsKey: QueryKey,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => request(api, variables),
    onSuccess: (record) => {
      queryClient.setQueryData(recordKey, record);
      return queryClient.invalidateQueries({ queryKey: listsKey });
    },
  });
}
