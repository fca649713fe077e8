import { unwrap } from "../../api/errors";
import { useSessionMutation } from "../../app/session";

export function useSignIn() {
  return useSessionMutation((api, body: { email: string; password: string; user_id?: string }) =>
    unwrap(api.POST("/auth/sign-in", { body })),
  );
}
