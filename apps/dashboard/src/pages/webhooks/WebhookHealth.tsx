import { Alert, Button, Group, NativeSelect, Text } from "@mantine/core";
import { useState } from "react";
import type { Webhook } from "../../api/schema";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { useRecoverWebhook, useUpdateWebhook } from "./use-webhooks";

const REASONS: Record<string, string> = {
  gone: "the receiver answered 410 Gone",
  failing: "no delivery succeeded for too long while deliveries kept failing",
  manual: "it was disabled through the API",
};

const WINDOWS = [
  { value: "1", label: "the last day" },
  { value: "3", label: "the last 3 days" },
  { value: "7", label: "the last 7 days" },
  { value: "30", label: "the last 30 days" },
];

/** A disabled endpoint (and Enable), and Recover: resend what failed in a recent window. */
export function WebhookHealth({ webhook }: { webhook: Webhook }) {
  const id = webhook.webhook_id;
  // PUT {"disabled": false}: the endpoint receives events again (what it missed: recover)
  const enable = useUpdateWebhook(id);
  const recover = useRecoverWebhook(id);
  const [days, setDays] = useState("1");

  return (
    <>
      {webhook.disabled ? (
        <Alert color="red" title="Disabled: nothing is sent to this endpoint">
          <Text size="sm">
            Since <DateTime value={webhook.disabled_at} />:{" "}
            {REASONS[webhook.disabled_reason ?? ""] ?? "disabled"}. Its new events are kept as failed
            deliveries; enable it, then recover them.
          </Text>
          <Button
            mt="sm"
            color="red"
            variant="light"
            loading={enable.isPending}
            onClick={() => enable.mutate({ disabled: false })}
          >
            Enable
          </Button>
        </Alert>
      ) : (
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label="Resend failed deliveries of"
            data={WINDOWS}
            value={days}
            onChange={(event) => setDays(event.currentTarget.value)}
          />
          <Button
            variant="default"
            loading={recover.isPending}
            onClick={() => recover.mutate(new Date(Date.now() - Number(days) * 86_400_000).toISOString())}
          >
            Recover
          </Button>
          {recover.data ? (
            <Text size="sm">
              {recover.data.recovering} {recover.data.recovering === 1 ? "delivery" : "deliveries"} queued
              again.
            </Text>
          ) : null}
        </Group>
      )}
      {enable.error ? <ErrorAlert error={enable.error} title="The webhook could not be enabled" /> : null}
      {recover.error ? <ErrorAlert error={recover.error} title="The recover was refused" /> : null}
    </>
  );
}
