import { Anchor, NativeSelect, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { type DeliveryStatusFilter, useDeliveries, useFollowWebhookStatus } from "./use-webhooks";

export function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const [status, setStatus] = useState<DeliveryStatusFilter>("");
  const deliveries = useDeliveries(webhookId, status);
  useFollowWebhookStatus(webhookId, deliveries.items);

  return (
    <>
      <Title order={2} size="h4" mb="sm">
        Deliveries
      </Title>
      <NativeSelect
        label="Delivery status"
        w={200}
        mb="md"
        data={[
          { value: "", label: "All" },
          { value: "pending", label: "Pending" },
          { value: "succeeded", label: "Succeeded" },
          { value: "failed", label: "Failed" },
        ]}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value as DeliveryStatusFilter)}
      />
      {deliveries.error ? <ErrorAlert error={deliveries.error} mb="md" /> : null}
      {deliveries.isPending ? (
        <TableSkeleton rows={5} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Delivery</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th>Last attempt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.items.map((delivery) => (
                <Table.Tr key={delivery.delivery_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/webhooks/${webhookId}/deliveries/${delivery.delivery_id}`}>
                      {delivery.delivery_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{delivery.event}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={delivery.status} />
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>{delivery.response_status ?? delivery.error_message ?? "—"}</Table.Td>
                  <Table.Td>
                    <DateTime value={delivery.last_attempt_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {deliveries.items.length === 0 && !deliveries.error ? <Text c="dimmed">No deliveries.</Text> : null}
        </Table.ScrollContainer>
      )}
      <LoadMore {...deliveries} />
    </>
  );
}
