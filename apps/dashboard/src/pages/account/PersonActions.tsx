import { Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Person } from "../../api/schema";
import { replaceSession } from "../../app/session";
import { ConfirmButton } from "../../components/ConfirmButton";
import { useRemoveAccount, useSetAccountEnabled } from "./use-account";

/**
 * Disable (or enable) and remove a person, each behind a confirmation. The API refuses (409) to
 * take away the last account that can sign in, so for that person (`last`) neither is offered;
 * any other refusal shows in the dialog. Removing oneself signs out.
 */
export function PersonActions({ person, self, last }: { person: Person; self: boolean; last: boolean }) {
  const setEnabled = useSetAccountEnabled();
  const remove = useRemoveAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const who = self ? "your own account" : person.email;
  const disabled = person.status === "disabled";

  if (last) {
    return (
      <Text size="xs" c="dimmed">
        The only person who can sign in
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {disabled ? (
        <ConfirmButton
          size="xs"
          color="green"
          title={`Enable ${who}?`}
          message="They can sign in again with their password."
          confirmLabel="Enable"
          onConfirm={() => setEnabled.mutateAsync({ accountId: person.account_id, enabled: true })}
        >
          Enable
        </ConfirmButton>
      ) : (
        <ConfirmButton
          size="xs"
          color="orange"
          title={`Disable ${who}?`}
          message="Their sessions and sign-in links end now, and they cannot sign in until enabled again."
          confirmLabel="Disable"
          onConfirm={async () => {
            await setEnabled.mutateAsync({ accountId: person.account_id, enabled: false });
            if (self) {
              replaceSession(queryClient, null);
              navigate("/sign-in", { replace: true });
            }
          }}
        >
          Disable
        </ConfirmButton>
      )}
      <ConfirmButton
        size="xs"
        title={`Remove ${who}?`}
        message="The account, its sessions and sign-in links go now; what it did stays. This cannot be undone."
        confirmLabel="Remove"
        onConfirm={async () => {
          await remove.mutateAsync(person.account_id);
          if (self) {
            replaceSession(queryClient, null);
            navigate("/sign-in", { replace: true });
          }
        }}
      >
        Remove
      </ConfirmButton>
    </Group>
  );
}
