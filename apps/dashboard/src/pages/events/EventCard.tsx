import { Badge, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { CopyableId } from "../../components/CopyButton";
import { DateTime } from "../../components/DateTime";
import { JsonViewer } from "../../components/JsonViewer";
import { StatusBadge } from "../../components/StatusBadge";
import { EndpointLink } from "../webhooks/EndpointLink";
import { subjectsOf } from "./event-subject";
import type { RecordedEvent } from "./use-events";

const SUBJECT_LABELS = {
  context: "Context",
  agent: "Agent",
  verification: "Verification",
  webhook: "Webhook",
};

/**
 * One event: its type, time and id (linked to its page, unless this is its page), the records it
 * is about (linked), the deliveries it produced (linked, each naming its endpoint), its payload in
 * a disclosure (drawn once opened: a list of 25 big payloads stays light).
 */
export function EventCard({ event, open = false }: { event: RecordedEvent; open?: boolean }) {
  const [payloadShown, setPayloadShown] = useState(open);
  const test = event.envelope.test === true;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="blue" style={{ textTransform: "none" }}>
            {event.type}
          </Badge>
          {test ? (
            <Badge variant="light" color="gray" style={{ textTransform: "none" }}>
              test event
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            <DateTime value={event.created_at} />
          </Text>
        </Group>
        {/* the event's page shows the card opened: there its id is not a link to itself */}
        <CopyableId id={event.event_id} what="event id" to={open ? undefined : `/events/${event.event_id}`} />
      </Group>
      <Group gap="md" mt="xs" wrap="wrap">
        {subjectsOf(event.envelope).map((subject) => (
          <Group key={subject.what} gap={4} wrap="wrap" style={{ minWidth: 0 }}>
            <Text size="sm">{SUBJECT_LABELS[subject.what]}:</Text>
            <CopyableId id={subject.id} what={`${subject.what} id`} to={subject.to ?? undefined} />
          </Group>
        ))}
        {test ? (
          <Text size="xs" c="dimmed">
            Sample ids: a test event is about no real record.
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" mt="xs" wrap="wrap">
        <Text size="sm">Deliveries:</Text>
        {event.deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            none (no endpoint subscribed)
          </Text>
        ) : (
          event.deliveries.map((d) => (
            // a phone is narrower than an id, its badge and its endpoint: they wrap, and the id may break
            // one event's delivery id is the same at each webhook
            <Group key={`${d.webhook_id}/${d.delivery_id}`} gap={4} wrap="wrap" style={{ minWidth: 0 }}>
              <CopyableId
                id={d.delivery_id}
                what="delivery id"
                to={`/webhooks/${d.webhook_id}/deliveries/${d.delivery_id}`}
              />
              <StatusBadge status={d.status} />
              <Text span size="sm" c="dimmed">
                to
              </Text>
              <EndpointLink webhookId={d.webhook_id} />
            </Group>
          ))
        )}
      </Group>
      <details open={open} style={{ marginTop: 8 }} onToggle={(e) => setPayloadShown(e.currentTarget.open)}>
        <summary style={{ cursor: "pointer" }}>
          <Text span size="sm">
            Payload
          </Text>
        </summary>
        {payloadShown ? <JsonViewer value={event.envelope} label={`Payload of ${event.event_id}`} /> : null}
      </details>
    </Paper>
  );
}
