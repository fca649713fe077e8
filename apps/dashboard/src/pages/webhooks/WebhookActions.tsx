import { Alert, Button, Group, Modal, NativeSelect, Stack } from "@mantine/core";
import { useState } from "react";
import type { Webhook, WebhookEvent } from "../../api/schema";
import { ErrorAlert } from "../../components/ErrorAlert";
import { useEventTypeNames } from "../events/use-events";
import { useSendTestEvent, useUpdateWebhook } from "./use-webhooks";
import { WebhookForm } from "./WebhookForm";

/** Edit and send a test event; what cannot be undone is apart, in WebhookDangerZone. */
export function WebhookActions({ webhook }: { webhook: Webhook }) {
  const id = webhook.webhook_id;
  const update = useUpdateWebhook(id);
  const test = useSendTestEvent(id);
  const [editing, setEditing] = useState(false);
  const eventTypes = useEventTypeNames();
  const [testEvent, setTestEvent] = useState<WebhookEvent>("context.created");

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
      </Group>
      {test.isSuccess ? (
        <Alert color="blue">Test event queued: it appears in the deliveries below.</Alert>
      ) : null}
      {test.error ? <ErrorAlert error={test.error} title="The test event was refused" /> : null}
      <Modal opened={editing} onClose={closeEdit} title="Edit the webhook" centered size="lg">
        <WebhookForm
          initial={{
            url: webhook.url,
            events: webhook.events,
            description: webhook.description,
            rate_limit: webhook.rate_limit,
          }}
          submitLabel="Save changes"
          busy={update.isPending}
          error={update.error}
          onCancel={closeEdit}
          onSubmit={(input) => update.mutate(input, { onSuccess: closeEdit })}
        />
      </Modal>
    </Stack>
  );
}
