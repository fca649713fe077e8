import { Checkbox, PasswordInput, Stack, Textarea, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { useState } from "react";
import type { WebhookEvent } from "../../api/schema";
import { SubmitForm } from "../../components/SubmitForm";
import { useEventTypeNames } from "../events/use-events";
import type { WebhookInput } from "./use-webhooks";
import { RATE_LIMIT_MAX, RATE_LIMIT_MIN, rateLimitProblem, secretProblem } from "./webhook-limits";

interface Props {
  initial?: WebhookInput;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (input: WebhookInput) => void;
  onCancel: () => void;
  /** creating: a secret of one's own may be given (an existing one is rotated, never typed) */
  offerSecret?: boolean;
}

/**
 * URL, events, description and rate limit of an endpoint, and on creation a secret of one's own:
 * for creating one and for editing it. The rate limit and secret are checked as the API checks them.
 */
export function WebhookForm({ initial, submitLabel, busy, error, onSubmit, onCancel, offerSecret }: Props) {
  const [url, setUrl] = useInputState(initial?.url ?? "");
  const catalog = useEventTypeNames();
  // null until the user picks: a new endpoint gets every type of the catalog (once it has loaded)
  const [picked, setEvents] = useState<WebhookEvent[] | null>(initial?.events ?? null);
  const events = picked ?? catalog;
  const [description, setDescription] = useInputState(initial?.description ?? "");
  const [rate, setRate] = useInputState(initial?.rate_limit == null ? "" : String(initial.rate_limit));
  const [secret, setSecret] = useInputState("");
  const rateError = rateLimitProblem(rate);
  const secretError = secretProblem(secret);

  const submit = () => {
    const input: WebhookInput = { url: url.trim(), events, description };
    const limit = rate.trim() === "" ? null : Number(rate);
    // a new endpoint without one simply has none; an edit that clears it removes it
    if (limit !== null || initial?.rate_limit != null) input.rate_limit = limit;
    if (offerSecret && secret !== "") input.secret = secret;
    onSubmit(input);
  };

  return (
    <SubmitForm
      onSubmit={submit}
      submitLabel={submitLabel}
      busy={busy}
      error={error}
      onCancel={onCancel}
      submitDisabled={events.length === 0 || rateError !== null || secretError !== null}
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
      <TextInput
        label="Rate limit (deliveries per second)"
        description={`Optional: ${RATE_LIMIT_MIN}–${RATE_LIMIT_MAX.toLocaleString("en-US")}, spaced evenly. Empty: no limit.`}
        inputMode="numeric"
        value={rate}
        onChange={setRate}
        error={rateError}
      />
      {offerSecret ? (
        <PasswordInput
          label="Signing secret"
          description="Optional: whsec_<base64 of 24–64 bytes>, or 32–256 printable ASCII characters without spaces. Empty: one is generated."
          autoComplete="off"
          value={secret}
          onChange={setSecret}
          error={secretError}
        />
      ) : null}
    </SubmitForm>
  );
}
