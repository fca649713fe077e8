import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { useChangeMutation } from "../../api/mutations";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Invitation, Person } from "../../api/schema";
import { replaceSession, useSessionMutation } from "../../app/session";

export function usePeople() {
  const api = useApi();
  return usePagedQuery<Person>({
    queryKey: queryKeys.people,
    fetchPage: (cursor) => unwrap(api.GET("/accounts", { params: { query: { limit: 25, cursor } } })),
  });
}

/** The invitation's link is mailed to the email; the answer says when it ends. */
export function useInvite() {
  return useChangeMutation(
    (api, email: string) => unwrap(api.POST("/accounts/invitations", { body: { email } })),
    queryKeys.peopleAll,
  );
}

export function useInvitations() {
  const api = useApi();
  return usePagedQuery<Invitation>({
    queryKey: queryKeys.invitations,
    fetchPage: (cursor) =>
      unwrap(api.GET("/accounts/invitations", { params: { query: { limit: 25, cursor } } })),
  });
}

export function useRevokeInvitation() {
  return useChangeMutation(
    (api, accountId: string) =>
      unwrap(
        api.DELETE("/accounts/invitations/{account_id}", { params: { path: { account_id: accountId } } }),
      ),
    queryKeys.peopleAll,
  );
}

/** Disable or enable a person: their sessions and links end at once when disabled. */
export function useSetAccountEnabled() {
  return useChangeMutation((api, { accountId, enabled }: { accountId: string; enabled: boolean }) => {
    const params = { params: { path: { account_id: accountId } } };
    return unwrap(
      enabled
        ? api.POST("/accounts/{account_id}/enable", params)
        : api.POST("/accounts/{account_id}/disable", params),
    );
  }, queryKeys.peopleAll);
}

export function useRemoveAccount() {
  return useChangeMutation(
    (api, accountId: string) =>
      unwrap(api.DELETE("/accounts/{account_id}", { params: { path: { account_id: accountId } } })),
    queryKeys.peopleAll,
  );
}

export function useSignOutEverywhere() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/auth/sign-out-everywhere")),
    onSuccess: () => replaceSession(queryClient, null),
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

/** Moves to another user's dashboard of this person (joining an open invitation): a new session. */
export function useSwitchDashboard() {
  return useSessionMutation((api, accountId: string) =>
    unwrap(api.POST("/auth/switch", { body: { account_id: accountId } })),
  );
}
