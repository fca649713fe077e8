import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { queryKeys } from "../../api/query-keys";

export function useSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST("/auth/sign-in", { body })),
    onSuccess: (session) => {
      // a new person may be signing in on this tab: nothing of the previous one stays
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, session);
    },
  });
}
