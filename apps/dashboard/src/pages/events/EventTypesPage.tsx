import { Skeleton, Stack, Text } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { ErrorAlert } from "../../components/ErrorAlert";
import { JsonViewer } from "../../components/JsonViewer";
import { PageHeader } from "../../components/PageHeader";
import { Section } from "../../components/Section";
import { useEventTypes } from "./use-events";

/**
 * The event catalog (GET /v1/event-types): each type's summary, an example and its JSON Schema, in
 * the JSON viewer the context page uses (collapse, search, wrap, copy).
 */
export default function EventTypesPage() {
  const types = useEventTypes();
  return (
    <>
      <PageHeader title="Event catalog" />
      <AppLink to="/events" size="sm" mb="md" display="inline-block">
        Back to the events
      </AppLink>
      {types.error ? <ErrorAlert error={types.error} mb="md" /> : null}
      {types.isPending ? <Skeleton height={400} /> : null}
      <Stack>
        {(types.data?.data ?? []).map((t) => (
          <Section key={t.type} title={t.type}>
            <Text size="sm" mb="sm">
              {t.summary}
            </Text>
            <Text size="sm" fw={500} mb={4}>
              Example
            </Text>
            <JsonViewer value={t.sample} label={`Example of ${t.type}`} maxHeight={320} />
            <details style={{ marginTop: 8 }}>
              <summary style={{ cursor: "pointer" }}>
                <Text span size="sm">
                  JSON Schema
                </Text>
              </summary>
              <JsonViewer value={t.schema} label={`JSON Schema of ${t.type}`} maxHeight={320} />
            </details>
          </Section>
        ))}
      </Stack>
    </>
  );
}
