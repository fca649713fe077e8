import { Button, Group, Text, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { useInvite } from "./use-account";

export function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useInputState("");
  // the invitation link: here only, until the dialog closes
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email.trim(), {
      onSuccess: (invitation) => {
        setLink({ url: invitation.link, expiresAt: invitation.expires_at });
        setEmail("");
        invite.reset();
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
      <ShownOnceModal
        value={link?.url ?? null}
        title="Invitation link"
        label="Send this link to the person you invite"
        onClose={() => setLink(null)}
      >
        {link ? (
          <Text size="sm">
            It works once, until {new Date(link.expiresAt).toLocaleString()}; there they set their password.
          </Text>
        ) : null}
      </ShownOnceModal>
    </>
  );
}
