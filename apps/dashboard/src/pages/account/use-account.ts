import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Person } from "../../api/schema";

export function usePeople() {
  const api = useApi();
  return usePagedQuery<Person>({
    queryKey: queryKeys.people,
    fetchPage: (cursor) => unwrap(api.GET("/accounts", { params: { query: { limit: 25, cursor } } })),
  });
}

// The answer carries the one-time link: gcTime 0 drops it from the mutation cache once shown.
export function useInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (email: string) => unwrap(api.POST("/accounts/invitations", { body: { email } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.people }),
  });
}

export function useSignOutEverywhere() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/auth/sign-out-everywhere")),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}

export function useChangePassword() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      unwrap(api.POST("/auth/password", { body })),
    // every other session is revoked; this one continues with a new cookie and CSRF token
    onSuccess: (session) => queryClient.setQueryData(queryKeys.session, session),
  });
}
