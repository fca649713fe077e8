import { Stack } from "@mantine/core";
import { useParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { FieldList } from "../../components/FieldList";
import { RecordPage } from "../../components/RecordPage";
import { Section } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { BreakableUrl } from "./BreakableUrl";
import { DeliveriesTable } from "./DeliveriesTable";
import { useWebhook } from "./use-webhooks";
import { WebhookActions } from "./WebhookActions";
import { WebhookDangerZone } from "./WebhookDangerZone";
import { WebhookHealth } from "./WebhookHealth";
import { WebhookRates } from "./WebhookRates";

export default function WebhookPage() {
  const { id = "" } = useParams();
  const webhook = useWebhook(id);

  return (
    <RecordPage
      title={webhook.data?.url ?? "Webhook"}
      heading={webhook.data ? <BreakableUrl url={webhook.data.url} /> : undefined}
      query={webhook}
      back={{ to: "/webhooks", label: "All webhooks" }}
      header={(record) => <StatusBadge status={record.health} />}
      skeletonHeight={220}
    >
      {(record) => (
        <Stack>
          <Section>
            <FieldList
              fields={[
                ["URL", record.url],
                ["Events", record.events.join(", ")],
                ["Description", record.description || "—"],
                ["Rate limit", record.rate_limit === null ? "none" : `${record.rate_limit} deliveries/s`],
                ["Webhook id", record.webhook_id],
                ["Created", <DateTime key="c" value={record.created_at} />],
                ["Updated", <DateTime key="u" value={record.updated_at} />],
                [
                  "Previous secret signs until",
                  <DateTime
                    key="p"
                    value={record.previous_secret_expires_at}
                    empty="(no rotation under way)"
                  />,
                ],
              ]}
            />
          </Section>
          <WebhookHealth webhook={record} />
          <WebhookActions webhook={record} />
          <WebhookRates webhookId={id} />
          <Section>
            <DeliveriesTable webhookId={id} />
          </Section>
          <WebhookDangerZone webhook={record} />
        </Stack>
      )}
    </RecordPage>
  );
}
