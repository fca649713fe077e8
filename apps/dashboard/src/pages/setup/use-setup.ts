import { useEffect, useState } from "react";
import { unwrap } from "../../api/errors";
import { useSessionMutation } from "../../app/session";

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
  return useSessionMutation((api, body: { token: string; password: string }) =>
    unwrap(api.POST("/auth/setup", { body })),
  );
}
