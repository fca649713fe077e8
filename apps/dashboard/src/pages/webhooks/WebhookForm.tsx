import { Button, Checkbox, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { WebhookEvent } from "../../api/schema";
import { ErrorAlert } from "../../components/ErrorAlert";
import { EVENTS, type WebhookInput } from "./use-webhooks";

interface Props {
  initial?: WebhookInput;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (input: WebhookInput) => void;
  onCancel: () => void;
}

/** URL, events and description of an endpoint: for creating one and for editing it. */
export function WebhookForm({ initial, submitLabel, busy, error, onSubmit, onCancel }: Props) {
  const [url, setUrl] = useState(initial?.url ?? "");
  const [events, setEvents] = useState<WebhookEvent[]>(initial?.events ?? [...EVENTS]);
  const [description, setDescription] = useState(initial?.description ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ url: url.trim(), events, description });
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          data-autofocus
          label="URL"
          type="url"
          required
          placeholder="https://example.com/hooks/ctxlog"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events"
          withAsterisk
          value={events}
          onChange={(value) => setEvents(value as WebhookEvent[])}
        >
          <Stack gap={6} mt={6}>
            {EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label="Description"
          maxLength={500}
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {error ? <ErrorAlert error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={events.length === 0}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
