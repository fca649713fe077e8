import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/errors";
import { queryKeys } from "../api/query-keys";

/**
 * Server state lives here and nowhere else. A 401 on any query means the session is gone (expired,
 * revoked, signed out elsewhere): the session query is set to null and the guard sends the person
 * to sign-in.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== "session") {
          queryClient.setQueryData(queryKeys.session, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // a 4xx will not change by asking again; a network blip or a 503 may
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
