import { Badge, Group, Paper, Text } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { DateTime } from "../../components/DateTime";
import { JsonBlock } from "../../components/JsonBlock";
import { StatusBadge } from "../../components/StatusBadge";
import type { RecordedEvent } from "./use-events";

/** One event: its type and time, the deliveries it produced (linked), its payload in a disclosure. */
export function EventCard({ event, open = false }: { event: RecordedEvent; open?: boolean }) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="blue" style={{ textTransform: "none" }}>
            {event.type}
          </Badge>
          <Text size="sm" c="dimmed">
            <DateTime value={event.created_at} />
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
          {event.event_id}
        </Text>
      </Group>
      <Group gap="xs" mt="xs" wrap="wrap">
        <Text size="sm">Deliveries:</Text>
        {event.deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            none (no endpoint subscribed)
          </Text>
        ) : (
          event.deliveries.map((d) => (
            <Group key={d.delivery_id} gap={4} wrap="nowrap">
              <AppLink size="sm" to={`/webhooks/${d.webhook_id}/deliveries/${d.delivery_id}`}>
                {d.delivery_id}
              </AppLink>
              <StatusBadge status={d.status} />
            </Group>
          ))
        )}
      </Group>
      <details open={open} style={{ marginTop: 8 }}>
        <summary style={{ cursor: "pointer" }}>
          <Text span size="sm">
            Payload
          </Text>
        </summary>
        <JsonBlock value={event.envelope} label={`Payload of ${event.event_id}`} />
      </details>
    </Paper>
  );
}
