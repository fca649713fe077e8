import { Anchor, Paper, Skeleton, Stack } from "@mantine/core";
import { Link, useParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { DeliveriesTable } from "./DeliveriesTable";
import { useWebhook } from "./use-webhooks";
import { WebhookActions } from "./WebhookActions";
import { WebhookHealth } from "./WebhookHealth";

export default function WebhookPage() {
  const { id = "" } = useParams();
  const webhook = useWebhook(id);

  return (
    <>
      <PageHeader title="Webhook">
        {webhook.data ? (
          <StatusBadge status={webhook.data.disabled ? "disabled" : webhook.data.status} />
        ) : null}
      </PageHeader>
      <Anchor component={Link} to="/webhooks" size="sm" mb="md" display="inline-block">
        All webhooks
      </Anchor>
      {webhook.error ? <ErrorAlert error={webhook.error} /> : null}
      {webhook.isPending ? <Skeleton height={220} mb="md" /> : null}
      {webhook.data ? (
        <Stack>
          <Paper withBorder p="md">
            <FieldList
              fields={[
                ["URL", webhook.data.url],
                ["Events", webhook.data.events.join(", ")],
                ["Description", webhook.data.description || "—"],
                [
                  "Rate limit",
                  webhook.data.rate_limit === null ? "none" : `${webhook.data.rate_limit} deliveries/s`,
                ],
                ["Webhook id", webhook.data.webhook_id],
                ["Created", <DateTime key="c" value={webhook.data.created_at} />],
                ["Updated", <DateTime key="u" value={webhook.data.updated_at} />],
                [
                  "Previous secret signs until",
                  <DateTime
                    key="p"
                    value={webhook.data.previous_secret_expires_at}
                    empty="(no rotation under way)"
                  />,
                ],
              ]}
            />
          </Paper>
          <WebhookHealth webhook={webhook.data} />
          <WebhookActions webhook={webhook.data} />
          <Paper withBorder p="md">
            <DeliveriesTable webhookId={id} />
          </Paper>
        </Stack>
      ) : null}
    </>
  );
}
