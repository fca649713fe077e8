import { Alert, Group, Paper, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import type { Webhook } from "../../api/schema";
import { ConfirmButton } from "../../components/ConfirmButton";
import { DateTime } from "../../components/DateTime";
import { SectionTitle } from "../../components/Section";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { useDeleteWebhook, useRotateSecret, useUpdateWebhook } from "./use-webhooks";

/** One action of the zone: what it does, in words, beside its red, confirmed button. */
function Row({ what, children }: { what: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Text size="sm" style={{ flex: "1 1 16rem" }}>
        {what}
      </Text>
      {children}
    </Group>
  );
}

/**
 * What cannot be taken back, apart from Edit: disable (pending deliveries end failed), rotate the
 * secret (receivers must switch), delete (its history goes with it). Each is red and confirmed.
 */
export function WebhookDangerZone({ webhook }: { webhook: Webhook }) {
  const id = webhook.webhook_id;
  const update = useUpdateWebhook(id);
  const rotate = useRotateSecret(id);
  const remove = useDeleteWebhook(id);
  const navigate = useNavigate();
  // the rotated secret: here only, until the dialog closes
  const [secret, setSecret] = useState<{ value: string; previousUntil: string } | null>(null);

  return (
    <Paper withBorder p="md" style={{ borderColor: "var(--mantine-color-red-6)" }}>
      <SectionTitle>Danger zone</SectionTitle>
      <Stack gap="md">
        {webhook.disabled ? null : (
          <Row what="Disable: nothing more is sent; its pending deliveries end failed (recover them once it is on again).">
            <ConfirmButton
              title="Disable this webhook?"
              message={`Nothing more is sent to ${webhook.url}. Its pending deliveries end failed "endpoint disabled"; turn it on again and recover them to resend.`}
              confirmLabel="Disable webhook"
              onConfirm={() => update.mutateAsync({ disabled: true })}
            >
              Disable
            </ConfirmButton>
          </Row>
        )}
        <Row what="Rotate the secret: a new one signs from now on; the old one also signs for a while, so receivers can switch.">
          <ConfirmButton
            title="Rotate the signing secret?"
            message="A new secret is generated. For a while deliveries carry signatures with both the old and the new secret, so receivers can switch over."
            confirmLabel="Rotate secret"
            onConfirm={async () => {
              const rotated = await rotate.mutateAsync();
              rotate.reset();
              setSecret({ value: rotated.secret, previousUntil: rotated.previous_secret_expires_at });
            }}
          >
            Rotate secret
          </ConfirmButton>
        </Row>
        <Row what="Delete: the endpoint and its delivery history go, for good.">
          <ConfirmButton
            title="Delete this webhook?"
            message={`No more events will be sent to ${webhook.url}. Its delivery history is deleted with it.`}
            confirmLabel="Delete webhook"
            onConfirm={async () => {
              await remove.mutateAsync();
              navigate("/webhooks", { replace: true });
            }}
          >
            Delete
          </ConfirmButton>
        </Row>
      </Stack>
      <ShownOnceModal
        value={secret?.value ?? null}
        title="The new signing secret"
        label="Signing secret"
        onClose={() => setSecret(null)}
      >
        {secret ? (
          <Alert color="blue">
            The previous secret also signs until <DateTime value={secret.previousUntil} />.
          </Alert>
        ) : null}
      </ShownOnceModal>
    </Paper>
  );
}
