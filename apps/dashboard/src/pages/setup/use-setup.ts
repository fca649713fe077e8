import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { queryKeys } from "../../api/query-keys";

/**
 * The one-time token arrives in the URL fragment (#token=…), which never reaches a server. It is
 * read once into component state and removed from the address bar and history at once.
 */
export function useSetupToken(): string {
  const [token] = useState(
    () => new URLSearchParams(window.location.hash.replace(/^#/, "")).get("token") ?? "",
  );
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
    }
  }, []);
  return token;
}

export function useSetup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => unwrap(api.POST("/auth/setup", { body })),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, session);
    },
  });
}
