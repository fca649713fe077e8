import { Alert, Button, Group, Modal, NativeSelect, Stack } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Webhook, WebhookEvent } from "../../api/schema";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { useEventTypeNames } from "../events/use-events";
import { useDeleteWebhook, useRotateSecret, useSendTestEvent, useUpdateWebhook } from "./use-webhooks";
import { WebhookForm } from "./WebhookForm";

/** Edit, send a test event, rotate the secret, delete. */
export function WebhookActions({ webhook }: { webhook: Webhook }) {
  const id = webhook.webhook_id;
  const update = useUpdateWebhook(id);
  const remove = useDeleteWebhook(id);
  const rotate = useRotateSecret(id);
  const test = useSendTestEvent(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const eventTypes = useEventTypeNames();
  const [testEvent, setTestEvent] = useState<WebhookEvent>("context.created");
  // the rotated secret: here only, until the dialog closes
  const [secret, setSecret] = useState<{ value: string; previousUntil: string } | null>(null);

  const closeEdit = () => {
    update.reset();
    setEditing(false);
  };

  return (
    <Stack>
      <Group gap="sm" align="flex-end">
        <Button variant="default" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <NativeSelect
          label="Test event"
          data={eventTypes}
          value={testEvent}
          onChange={(event) => setTestEvent(event.currentTarget.value as WebhookEvent)}
        />
        <Button variant="default" loading={test.isPending} onClick={() => test.mutate(testEvent)}>
          Send test event
        </Button>
        <ConfirmButton
          color="orange"
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
      </Group>
      {test.isSuccess ? (
        <Alert color="blue">Test event queued: it appears in the deliveries below.</Alert>
      ) : null}
      {test.error ? <ErrorAlert error={test.error} title="The test event was refused" /> : null}
      <Modal opened={editing} onClose={closeEdit} title="Edit the webhook" centered size="lg">
        <WebhookForm
          initial={{ url: webhook.url, events: webhook.events, description: webhook.description }}
          submitLabel="Save changes"
          busy={update.isPending}
          error={update.error}
          onCancel={closeEdit}
          onSubmit={(input) => update.mutate(input, { onSuccess: closeEdit })}
        />
      </Modal>
      <ShownOnceModal
        value={secret?.value ?? null}
        title="The new signing secret"
        label="Signing secret"
        onClose={() => setSecret(null)}
      >
        {secret ? (
          <Alert color="blue">
            The previous secret also signs until {new Date(secret.previousUntil).toLocaleString()}.
          </Alert>
        ) : null}
      </ShownOnceModal>
    </Stack>
  );
}
