import { Alert, Button, Group, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { type FormEvent, useState } from "react";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { useInvite } from "./use-account";

/**
 * Invites a person by email. The invitation's link is mailed to that address, never shown here:
 * only the email's owner may set the password it signs in with.
 */
export function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useInputState("");
  const [sent, setSent] = useState<{ email: string; expiresAt: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    invite.mutate(email.trim(), {
      onSuccess: (invitation) => {
        setSent({ email: invitation.email, expiresAt: invitation.expires_at });
        setEmail("");
      },
    });
  };

  return (
    <>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Email of the person to invite"
            type="email"
            required
            value={email}
            onChange={setEmail}
            w={320}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </form>
      {invite.error ? <ErrorAlert error={invite.error} mt="sm" /> : null}
      {sent ? (
        <Alert mt="sm" color="green" role="status" title={`Invitation sent to ${sent.email}`}>
          Its link works once, until <DateTime value={sent.expiresAt} />. Inviting the same email again sends
          a new one.
        </Alert>
      ) : null}
    </>
  );
}
