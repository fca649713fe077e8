import { Text } from "@mantine/core";
import { ApiError } from "../../api/errors";
import { AppLink } from "../../components/AppLink";
import { useWebhook } from "./use-webhooks";

/**
 * A webhook endpoint named by its URL, linking to its page (its id until the URL is in; one request
 * per endpoint, shared by every card and row that names it). A deleted endpoint has no page.
 */
export function EndpointLink({ webhookId }: { webhookId: string }) {
  const webhook = useWebhook(webhookId);
  if (webhook.error instanceof ApiError && webhook.error.status === 404) {
    return (
      <Text span size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {webhookId} (deleted)
      </Text>
    );
  }
  return (
    <AppLink to={`/webhooks/${webhookId}`} size="sm" style={{ overflowWrap: "anywhere" }}>
      {webhook.data?.url ?? webhookId}
    </AppLink>
  );
}
