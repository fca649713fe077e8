import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../api/api-context";
import { ApiError, unwrap } from "../api/errors";
import { queryKeys } from "../api/query-keys";
import type { Session } from "../api/schema";

/** The signed-in session (account + CSRF token), or null when there is none. */
export function useSession() {
  const api = useApi();
  return useQuery<Session | null>({
    queryKey: queryKeys.session,
    queryFn: async () => {
      try {
        return await unwrap(api.GET("/auth/session"));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Signs out: the server revokes the session; every cached answer of this person is dropped. */
export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/auth/sign-out")),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
