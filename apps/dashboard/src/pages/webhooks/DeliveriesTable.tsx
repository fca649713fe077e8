import { Group, Text } from "@mantine/core";
import { useState } from "react";
import { CopyableId } from "../../components/CopyButton";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { SectionTitle } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { StatusFilter } from "../../components/StatusFilter";
import {
  DELIVERY_STATUSES,
  type DeliveryStatusFilter,
  useDeliveries,
  useFollowWebhookStatus,
} from "./use-webhooks";

export function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const [status, setStatus] = useState<DeliveryStatusFilter>("");
  const deliveries = useDeliveries(webhookId, status);
  useFollowWebhookStatus(webhookId, deliveries.items);

  return (
    <>
      <SectionTitle>Deliveries</SectionTitle>
      <StatusFilter
        label="Delivery status"
        w={200}
        mb="md"
        statuses={DELIVERY_STATUSES}
        value={status}
        onChange={setStatus}
      />
      <PagedTable
        list={deliveries}
        rowKey={(delivery) => delivery.delivery_id}
        minWidth={760}
        skeletonRows={5}
        empty="No deliveries."
        columns={[
          {
            header: "Delivery",
            cell: (delivery) => (
              <CopyableId
                id={delivery.delivery_id}
                what="delivery id"
                to={`/webhooks/${webhookId}/deliveries/${delivery.delivery_id}`}
              />
            ),
          },
          { header: "Event", cell: (delivery) => delivery.event },
          {
            header: "Status",
            cell: (delivery) => (
              <Group gap={6} wrap="nowrap">
                <StatusBadge status={delivery.status} />
                {delivery.status === "retrying" && delivery.next_attempt_at ? (
                  <Text size="xs" c="dimmed">
                    next <DateTime value={delivery.next_attempt_at} />
                  </Text>
                ) : null}
              </Group>
            ),
          },
          { header: "Attempts", cell: (delivery) => delivery.attempts },
          {
            header: "Response",
            cell: (delivery) => delivery.response_status ?? delivery.error_message ?? "—",
          },
          { header: "Last attempt", cell: (delivery) => <DateTime value={delivery.last_attempt_at} /> },
        ]}
      />
    </>
  );
}
