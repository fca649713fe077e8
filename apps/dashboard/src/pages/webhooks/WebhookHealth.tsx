import { Alert, Button, Group, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { Webhook } from "../../api/schema";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { fromLocalInput, toLocalInput } from "../../components/time-range";
import { useRecoverWebhook, useUpdateWebhook } from "./use-webhooks";

export const DISABLED_REASONS: Record<string, string> = {
  gone: "the receiver answered 410 Gone",
  failing: "no delivery succeeded for too long while deliveries kept failing",
  manual: "it was turned off here or through the API",
};

/** Why a disabled endpoint is disabled, in words. */
export const disabledReason = (webhook: Webhook) =>
  DISABLED_REASONS[webhook.disabled_reason ?? ""] ?? "disabled";

/**
 * The endpoint's switch (on: events are sent; off: nothing is, its pending deliveries end failed
 * "endpoint disabled") and Recover: resend what failed in a chosen window.
 */
export function WebhookHealth({ webhook }: { webhook: Webhook }) {
  const id = webhook.webhook_id;
  const toggle = useUpdateWebhook(id);
  const recover = useRecoverWebhook(id);
  const [since, setSince] = useState(() => toLocalInput(new Date(Date.now() - 86_400_000)));
  const [until, setUntil] = useState("");
  const sinceIso = fromLocalInput(since);
  const untilIso = fromLocalInput(until);
  const windowProblem =
    sinceIso === null
      ? "Choose when the window starts."
      : untilIso !== null && untilIso <= sinceIso
        ? "The end must be after the start."
        : null;

  return (
    <Stack gap="sm">
      <Switch
        size="md"
        checked={!webhook.disabled}
        disabled={toggle.isPending}
        onChange={(event) => toggle.mutate({ disabled: !event.currentTarget.checked })}
        label="Send events to this endpoint"
        description={
          webhook.disabled
            ? "Off: nothing is sent. Its new events are kept as failed deliveries: turn it on, then recover them."
            : "On. Turning it off stops every delivery at once; pending ones end failed and can be recovered."
        }
      />
      {webhook.disabled ? (
        <Alert color="gray" title="Disabled: nothing is sent to this endpoint">
          <Text size="sm">
            Since <DateTime value={webhook.disabled_at} />: {disabledReason(webhook)}.
          </Text>
        </Alert>
      ) : (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="datetime-local"
            label="Resend failed deliveries created from"
            value={since}
            onChange={(event) => setSince(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label="until (empty: now)"
            value={until}
            onChange={(event) => setUntil(event.currentTarget.value)}
          />
          <Button
            variant="default"
            disabled={windowProblem !== null}
            loading={recover.isPending}
            onClick={() =>
              sinceIso && recover.mutate({ since: sinceIso, ...(untilIso ? { until: untilIso } : {}) })
            }
          >
            Recover
          </Button>
          {windowProblem ? (
            <Text size="sm" c="dimmed">
              {windowProblem}
            </Text>
          ) : null}
          {recover.data ? (
            <Text size="sm" role="status">
              {recover.data.recovering} {recover.data.recovering === 1 ? "delivery" : "deliveries"} queued
              again.
            </Text>
          ) : null}
        </Group>
      )}
      {toggle.error ? <ErrorAlert error={toggle.error} title="The endpoint could not be switched" /> : null}
      {recover.error ? <ErrorAlert error={recover.error} title="The recover was refused" /> : null}
    </Stack>
  );
}
