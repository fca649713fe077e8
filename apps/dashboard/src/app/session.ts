import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../api/api-context";
import type { ApiClient } from "../api/client";
import { dropEarlyRequests } from "../api/early-requests";
import { ApiError, unwrap } from "../api/errors";
import { queryKeys } from "../api/query-keys";
import type { Session } from "../api/schema";

/** The session query: the signed-in session (account + CSRF token), or null when there is none. */
export const sessionQuery = (api: ApiClient) =>
  queryOptions<Session | null>({
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

/** The signed-in session (account + CSRF token), or null when there is none. */
export function useSession() {
  return useQuery(sessionQuery(useApi()));
}

/**
 * Who is signed in on this tab changed (signed in, signed out, set a password): nothing cached for
 * the previous person stays, and `session` (null: none) is the one the pages see.
 */
export function replaceSession(queryClient: QueryClient, session: Session | null): void {
  dropEarlyRequests();
  queryClient.clear();
  queryClient.setQueryData(queryKeys.session, session);
}

/**
 * A request answered with a new session (signing in, setting a password from a link): a new person
 * may be signing in on this tab, so it replaces the session and everything cached before.
 */
export function useSessionMutation<TBody>(request: (api: ApiClient, body: TBody) => Promise<Session>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => request(api, body),
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}

/** Signs out: the server revokes the session; every cached answer of this person is dropped. */
export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/auth/sign-out")),
    onSettled: () => replaceSession(queryClient, null),
  });
}
