import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Webhook } from "../../api/schema";
import { DateTime, DateTimeInput, useZone } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { fromInputValue, toInputValue } from "../../components/time-zone";
import { useRecoverWebhook, useUpdateWebhook } from "./use-webhooks";

export const DISABLED_REASONS: Record<string, string> = {
  gone: "the receiver answered 410 Gone",
  failing: "no delivery succeeded for too long while deliveries kept failing",
  manual: "it was turned off here or through the API",
};

/** Why a disabled endpoint is disabled, in words. */
export const disabledReason = (webhook: Webhook) =>
  DISABLED_REASONS[webhook.disabled_reason ?? ""] ?? "disabled";

/** What a live endpoint's health means, for the operator (the rule: ENDPOINT_HEALTH, @ctxlog/core). */
const HEALTH_NOTES: Partial<Record<Webhook["health"], { color: string; title: string; text: string }>> = {
  degraded: {
    color: "yellow",
    title: "Degraded: recent attempts failed",
    text: "An attempt failed since the last success; its delivery is being retried. The endpoint turns failing if a delivery uses all its attempts, and healthy again at the next success.",
  },
  failing: {
    color: "red",
    title: "Failing: a delivery used all its attempts",
    text: "No delivery has succeeded since. Deliveries go on being tried; without a success the endpoint is disabled after the deployment's disable-after period (120 hours by default). Fix the receiver, then recover what failed.",
  },
};

/**
 * The endpoint's health, Enable for a disabled one (disabling is in the danger zone: its pending
 * deliveries end failed "endpoint disabled") and Recover: resend what failed in a chosen window.
 */
export function WebhookHealth({ webhook }: { webhook: Webhook }) {
  const id = webhook.webhook_id;
  const toggle = useUpdateWebhook(id);
  const recover = useRecoverWebhook(id);
  const zone = useZone();
  const [since, setSince] = useState(() => toInputValue(Date.now() - 86_400_000, zone));
  const [until, setUntil] = useState("");
  const sinceIso = fromInputValue(since, zone);
  const untilIso = until.trim() === "" ? null : fromInputValue(until, zone);
  const windowProblem =
    sinceIso === null
      ? "Give when the window starts: yyyy-mm-dd hh:mm:ss."
      : until.trim() !== "" && untilIso === null
        ? "Give when the window ends (yyyy-mm-dd hh:mm:ss), or leave it empty."
        : untilIso !== null && untilIso <= sinceIso
          ? "The end must be after the start."
          : null;

  const note = webhook.disabled ? undefined : HEALTH_NOTES[webhook.health];
  return (
    <Stack gap="sm">
      {note ? (
        <Alert color={note.color} title={note.title}>
          <Text size="sm">{note.text}</Text>
        </Alert>
      ) : null}
      {webhook.disabled ? (
        <Alert color="gray" title="Disabled: nothing is sent to this endpoint">
          <Text size="sm">
            Since <DateTime value={webhook.disabled_at} />: {disabledReason(webhook)}. Its new events are kept
            as failed deliveries: enable it, then recover them.
          </Text>
          <Button
            mt="sm"
            variant="default"
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ disabled: false })}
          >
            Enable
          </Button>
        </Alert>
      ) : (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateTimeInput
            zone={zone}
            w={230}
            label="Resend failed deliveries created from"
            value={since}
            onChange={(event) => setSince(event.currentTarget.value)}
          />
          <DateTimeInput
            zone={zone}
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
      {toggle.error ? <ErrorAlert error={toggle.error} title="The endpoint could not be enabled" /> : null}
      {recover.error ? <ErrorAlert error={recover.error} title="The recover was refused" /> : null}
    </Stack>
  );
}
