import { Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import type { WebhookEvent } from "../../api/schema";
import { AppLink } from "../../components/AppLink";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { RangePicker } from "../../components/RangePicker";
import { TableSkeleton } from "../../components/TableSkeleton";
import { RANGES, type RangeKey, rangeWindow } from "../../components/time-range";
import { EVENTS } from "../webhooks/use-webhooks";
import { EventCard } from "./EventCard";
import { useEvents } from "./use-events";

export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const type = (params.get("type") ?? "") as "" | WebhookEvent;
  const range = (
    RANGES.some((r) => r.value === params.get("range")) ? params.get("range") : "24h"
  ) as RangeKey;
  const window = useMemo(() => rangeWindow(range), [range]);
  const events = useEvents({ type, since: window.since, until: window.until });
  const set = (next: { type?: string; range?: string }) => {
    const search: Record<string, string> = {};
    const t = next.type ?? type;
    if (t) search.type = t;
    search.range = next.range ?? range;
    setParams(search);
  };

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
          data={[{ value: "", label: "All types" }, ...EVENTS.map((e) => ({ value: e, label: e }))]}
          value={type}
          onChange={(e) => set({ type: e.currentTarget.value })}
        />
        <RangePicker value={range} onChange={(r) => set({ range: r })} label="Events of the last" />
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
