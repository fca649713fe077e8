import { Alert, Button, Code, Stack } from "@mantine/core";
import { useMemo } from "react";
import { useParams } from "react-router";
import { AppLink } from "../../components/AppLink";
import { CopyableId, CopyButton } from "../../components/CopyButton";
import { DataTable } from "../../components/DataTable";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { JsonViewer } from "../../components/JsonViewer";
import { RecordPage } from "../../components/RecordPage";
import { Section } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { AttemptExchange, parseJson } from "./AttemptExchange";
import { EndpointLink } from "./EndpointLink";
import { useDelivery, useRetryDelivery, useWebhook } from "./use-webhooks";
import { disabledReason } from "./WebhookHealth";

export default function DeliveryPage() {
  const { id = "", deliveryId = "" } = useParams();
  const delivery = useDelivery(id, deliveryId);
  const retry = useRetryDelivery(id, deliveryId);
  const webhook = useWebhook(id);
  const disabled = webhook.data?.disabled ? webhook.data : null;

  return (
    <RecordPage
      title={`Delivery ${deliveryId}`}
      query={delivery}
      back={{ to: `/webhooks/${id}`, label: "Back to the webhook" }}
      header={(record) => (
        <>
          <StatusBadge status={record.status} />
          <CopyButton value={record.delivery_id} label="Copy delivery id" />
          {record.status === "failed" || record.status === "retrying" ? (
            <Button
              loading={retry.isPending}
              disabled={disabled !== null}
              aria-describedby={disabled ? "retry-unavailable" : undefined}
              onClick={() => retry.mutate()}
            >
              {/* failed: a new cycle of attempts; retrying: its next attempt now, not after its delay */}
              {record.status === "failed" ? "Retry delivery" : "Retry now"}
            </Button>
          ) : null}
        </>
      )}
      skeletonHeight={360}
    >
      {(record) => (
        <Stack>
          {disabled && record.status === "failed" ? (
            <Alert color="gray" id="retry-unavailable" title="Retry is unavailable: the endpoint is disabled">
              Nothing is sent to it ({disabledReason(disabled)}). Turn it on on{" "}
              <AppLink to={`/webhooks/${id}`}>the webhook's page</AppLink>, then retry or recover.
            </Alert>
          ) : null}
          {retry.error ? <ErrorAlert error={retry.error} title="The retry was refused" /> : null}
          <Section>
            <FieldList
              fields={[
                ["Endpoint", <EndpointLink key="w" webhookId={record.webhook_id} />],
                ["Event", record.event],
                [
                  "Event id",
                  <CopyableId
                    key="e"
                    id={record.event_id}
                    what="event id"
                    to={`/events/${record.event_id}`}
                  />,
                ],
                ["Attempts in this cycle", record.attempts],
                ["Cycle", record.cycle],
                ["Last response status", record.response_status],
                ["Last error", record.error_message],
                ["Created", <DateTime key="c" value={record.created_at} />],
                ["Last attempt", <DateTime key="l" value={record.last_attempt_at} />],
                ["Next attempt", <DateTime key="n" value={record.next_attempt_at} />],
              ]}
            />
          </Section>
          <Section title="Attempts">
            <DataTable
              rows={record.attempt_log}
              rowKey={(attempt) => `${attempt.cycle}-${attempt.number}`}
              minWidth={640}
              empty="No attempt yet."
              columns={[
                { header: "Cycle", cell: (attempt) => attempt.cycle },
                { header: "Attempt", cell: (attempt) => attempt.number },
                { header: "Time", cell: (attempt) => <DateTime value={attempt.attempted_at} /> },
                { header: "Duration", cell: (attempt) => `${attempt.duration_ms} ms` },
                { header: "Response status", cell: (attempt) => attempt.response_status ?? "—" },
                {
                  header: "Error",
                  style: { wordBreak: "break-word" },
                  cell: (attempt) => attempt.error ?? "—",
                },
              ]}
            />
          </Section>
          {record.attempt_log.length > 0 ? (
            <Section title="Requests and responses">
              <Stack gap="xs">
                {record.attempt_log
                  .map((attempt, i) => (
                    <AttemptExchange
                      key={`${attempt.cycle}-${attempt.number}`}
                      attempt={attempt}
                      payload={record.payload}
                      open={i === record.attempt_log.length - 1}
                    />
                  ))
                  .reverse()}
              </Stack>
            </Section>
          ) : null}
          <Section title="Payload">
            <Payload payload={record.payload} />
          </Section>
        </Stack>
      )}
    </RecordPage>
  );
}

/** The payload every attempt sent, as a JSON tree; copied and measured as its exact bytes (the signatures cover them). */
function Payload({ payload }: { payload: string }) {
  // parsed once per payload, not per render: the page polls while the delivery is open
  const parsed = useMemo(() => parseJson(payload), [payload]);
  if (parsed === undefined) {
    return (
      <Code block aria-label="Payload" mah={320} tabIndex={0} style={{ overflow: "auto" }}>
        {payload}
      </Code>
    );
  }
  return <JsonViewer value={parsed.value} text={payload} label="Payload" />;
}
