import { Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import type { WebhookEvent } from "../../api/schema";
import { AppLink } from "../../components/AppLink";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { TableSkeleton } from "../../components/TableSkeleton";
import { TimeRangeControl } from "../../components/TimeRangeControl";
import { rangeParams } from "../../components/time-range";
import { useUrlRange } from "../../components/use-url-range";
import { EventCard } from "./EventCard";
import { useEvents, useEventTypeNames } from "./use-events";

export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const type = (params.get("type") ?? "") as "" | WebhookEvent;
  const { range, window, setRange } = useUrlRange({ key: "24h" });
  const events = useEvents({ type, since: window?.since, until: window?.until });
  const eventTypes = useEventTypeNames();
  const setType = (t: string) => setParams({ ...(t ? { type: t } : {}), ...rangeParams(range) });

  return (
    <>
      <PageHeader title="Events">
        <AppLink to="/events/types" size="sm">
          Event catalog
        </AppLink>
      </PageHeader>
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <NativeSelect
          label="Type"
          data={[{ value: "", label: "All types" }, ...eventTypes.map((e) => ({ value: e, label: e }))]}
          value={type}
          onChange={(e) => setType(e.currentTarget.value)}
        />
        <TimeRangeControl value={range} onChange={setRange} label="Events of the last" allowAny />
      </Group>
      {events.error ? <ErrorAlert error={events.error} mb="md" /> : null}
      {events.isPending ? (
        <TableSkeleton />
      ) : events.items.length === 0 && !events.error ? (
        <Text c="dimmed">
          No event in this range. Events are recorded when contexts are created, confirmed or fail, and when a
          verification completes; a webhook's "Send test event" records one too.
        </Text>
      ) : (
        <Stack gap="sm">
          {events.items.map((event) => (
            <EventCard key={event.event_id} event={event} />
          ))}
        </Stack>
      )}
      <LoadMore {...events} />
    </>
  );
}
