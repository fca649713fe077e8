import { Checkbox, Stack, Textarea, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { useState } from "react";
import type { WebhookEvent } from "../../api/schema";
import { SubmitForm } from "../../components/SubmitForm";
import { useEventTypeNames } from "../events/use-events";
import type { WebhookInput } from "./use-webhooks";

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
  const [url, setUrl] = useInputState(initial?.url ?? "");
  const catalog = useEventTypeNames();
  // null until the user picks: a new endpoint gets every type of the catalog (once it has loaded)
  const [picked, setEvents] = useState<WebhookEvent[] | null>(initial?.events ?? null);
  const events = picked ?? catalog;
  const [description, setDescription] = useInputState(initial?.description ?? "");

  return (
    <SubmitForm
      onSubmit={() => onSubmit({ url: url.trim(), events, description })}
      submitLabel={submitLabel}
      busy={busy}
      error={error}
      onCancel={onCancel}
      submitDisabled={events.length === 0}
    >
      <TextInput
        data-autofocus
        label="URL"
        type="url"
        required
        placeholder="https://example.com/hooks/ctxlog"
        value={url}
        onChange={setUrl}
      />
      <Checkbox.Group
        label="Events"
        withAsterisk
        value={events}
        onChange={(value) => setEvents(value as WebhookEvent[])}
      >
        <Stack gap={6} mt={6}>
          {catalog.map((name) => (
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
        onChange={setDescription}
      />
    </SubmitForm>
  );
}
