import { Code, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { WebhookDeliveryDetail } from "../../api/schema";
import { DateTime } from "../../components/DateTime";

type Attempt = WebhookDeliveryDetail["attempt_log"][number];

/** A scrolling block of text: a tab stop, so a keyboard can scroll it. */
function TextBlock({ label, children }: { label: string; children: string }) {
  return (
    <Code
      block
      aria-label={label}
      mah={240}
      tabIndex={0}
      style={{ overflow: "auto", whiteSpace: "pre-wrap", wordBreak: "break-all" }}
    >
      {children}
    </Code>
  );
}

const headerLines = (headers: Record<string, string | string[]>) =>
  Object.entries(headers)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`))
    .join("\n");

/** A text's JSON value (boxed: JSON's null is a value too), or undefined when it is not JSON. */
export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A body shown as indented JSON when it is JSON, else as received. */
export function prettyBody(body: string): string {
  const parsed = parseJson(body);
  return parsed ? JSON.stringify(parsed.value, null, 2) : body;
}

function summary(attempt: Attempt) {
  const outcome = attempt.response_status ?? attempt.error ?? "no response";
  return `Cycle ${attempt.cycle}, attempt ${attempt.number}: ${outcome}, ${attempt.duration_ms} ms`;
}

/**
 * Both sides of one attempt: what was sent (URL, headers with the signatures, the payload) and
 * what came back (status, headers, the first 4 KiB of the body), in a disclosure; the latest
 * attempt is open.
 */
export function AttemptExchange({
  attempt,
  payload,
  open,
}: {
  attempt: Attempt;
  payload: string;
  open: boolean;
}) {
  const name = `attempt ${attempt.cycle}.${attempt.number}`;
  return (
    <details open={open}>
      <summary style={{ cursor: "pointer" }}>
        <Text span fw={500}>
          {summary(attempt)}
        </Text>{" "}
        <Text span c="dimmed" size="sm">
          <DateTime value={attempt.attempted_at} />
        </Text>
      </summary>
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm" mb="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Request
          </Title>
          {attempt.request ? (
            <>
              <Text size="sm" style={{ wordBreak: "break-all" }}>
                POST {attempt.request.url}
              </Text>
              <TextBlock label={`Request headers of ${name}`}>
                {headerLines(attempt.request.headers)}
              </TextBlock>
              <Text size="xs" c="dimmed">
                Signatures are not kept: each is an HMAC of this body, webhook-id and timestamp under the
                endpoint's secret, so whoever holds the secret can recompute it.
              </Text>
              <TextBlock label={`Request body of ${name}`}>{prettyBody(payload)}</TextBlock>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Not recorded: nothing was sent, or the attempt predates recorded requests.
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Response
          </Title>
          {attempt.response ? (
            <>
              <Text size="sm">HTTP {attempt.response.status}</Text>
              <TextBlock label={`Response headers of ${name}`}>
                {headerLines(attempt.response.headers)}
              </TextBlock>
              <TextBlock label={`Response body of ${name}`}>
                {attempt.response.body === "" ? "(empty body)" : prettyBody(attempt.response.body)}
              </TextBlock>
              {attempt.response.body_truncated ? (
                <Text size="xs" c="dimmed">
                  The body was longer: only its first 4 KiB are kept.
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {attempt.error ? `No response: ${attempt.error}` : "No response recorded."}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </details>
  );
}
