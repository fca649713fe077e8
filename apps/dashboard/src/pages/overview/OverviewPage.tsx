import { Code, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { type ReactNode, Suspense } from "react";
import { LazyChunk } from "../../app/lazy-component";
import { AppLink } from "../../components/AppLink";
import { useZone } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { PageHeader } from "../../components/PageHeader";
import { Section } from "../../components/Section";
import { TimeRangeControl } from "../../components/TimeRangeControl";
import { rangeWords } from "../../components/time-range";
import { useUrlRange } from "../../components/use-url-range";
import { WEBHOOK_HEALTH_FILTERS } from "../webhooks/use-webhooks";
import { AnchoringBanner } from "./AnchoringBanner";
import { AnchoringCosts } from "./AnchoringCosts";
import { contextsChartChunk } from "./chart-chunk";
import { LatencyChart } from "./LatencyChart";
import { formatEther, useOverview, useOverviewSeries } from "./use-overview";

/** A count; with `to`, its label links to the list it counts (filtered as it counts). */
function Stat({
  label,
  value,
  loading,
  to,
}: {
  label: string;
  value: ReactNode;
  loading: boolean;
  to?: string;
}) {
  return (
    <Paper withBorder p="md" h={92}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {to ? (
          <AppLink to={to} c="inherit" underline="always">
            {label}
          </AppLink>
        ) : (
          label
        )}
      </Text>
      {loading ? (
        <Skeleton height={30} mt={6} />
      ) : (
        <Text size="xl" fw={700}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/** The longest window GET /v1/overview/series takes. */
const MAX_SERIES_DAYS = 31;

/** 60 → "minute", 900 → "15 minutes", 10800 → "3 hours". */
export function bucketWords(seconds: number): string {
  const [n, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, "day"]
      : seconds % 3600 === 0
        ? [seconds / 3600, "hour"]
        : [seconds / 60, "minute"];
  return n === 1 ? unit : `${n} ${unit}s`;
}

export default function OverviewPage() {
  const overview = useOverview();
  const { range, window, setRange } = useUrlRange({ key: "1h" });
  const zone = useZone();
  const words = rangeWords(range ?? { key: "1h" }, zone);
  const series = useOverviewSeries(window ?? { since: "", until: "" });
  const data = overview.data;
  const loading = overview.isPending;
  const average = data?.avg_confirmation_seconds;

  return (
    <>
      <PageHeader title="Overview" />
      {overview.error ? <ErrorAlert error={overview.error} mb="md" /> : null}
      <Stack>
        {data ? <AnchoringBanner anchoring={data.anchoring} /> : null}
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stat
            label="Pending"
            value={data?.contexts_by_status.pending}
            loading={loading}
            to="/contexts?status=pending"
          />
          <Stat
            label="Confirmed"
            value={data?.contexts_by_status.confirmed}
            loading={loading}
            to="/contexts?status=confirmed"
          />
          <Stat
            label="Failed"
            value={data?.contexts_by_status.failed}
            loading={loading}
            to="/contexts?status=failed"
          />
          <Stat
            label="Avg. POST → confirmed (24 h)"
            value={average === null || average === undefined ? "—" : `${average.toFixed(1)} s`}
            loading={loading}
          />
        </SimpleGrid>
        <Section
          title="Contexts"
          aside={
            <TimeRangeControl
              value={range}
              onChange={(next) => setRange(next ?? { key: "1h" })}
              label="Overview range"
              maxDays={MAX_SERIES_DAYS}
            />
          }
        >
          {series.data ? (
            <Suspense fallback={<Skeleton height={258} />}>
              {/* the chart (uPlot) is a chunk of its own: the numbers show while it loads (on a cold
                  load of this page the boot script preloads it with the page's own chunk) */}
              <LazyChunk
                chunk={contextsChartChunk}
                props={{
                  points: series.data.points.map((p) => ({ minute: p.start, count: p.received })),
                  caption: `Contexts received per ${bucketWords(series.data.bucket_seconds)}, ${words}`,
                  total: `received, ${words}`,
                }}
              />
            </Suspense>
          ) : (
            <Skeleton height={258} />
          )}
          {series.error ? <ErrorAlert error={series.error} mt="sm" /> : null}
        </Section>
        <Section title="Confirmation time (POST → confirmed)">
          {series.data ? <LatencyChart points={series.data.points} /> : <Skeleton height={170} />}
        </Section>
        {window ? <AnchoringCosts window={window} words={words} /> : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title="Chain" mih={220}>
            {data ? (
              <FieldList
                fields={[
                  ["Network", data.chain.network],
                  ["Chain id", data.chain.chain_id ?? "unknown"],
                  ["Head block", data.chain.head_block ?? "unknown"],
                  ["Batches waiting", data.chain.batches_waiting],
                  ["Attestation key", <Code key="s">{data.chain.signer_address}</Code>],
                  [
                    "Anchor key",
                    data.chain.anchor_address ? (
                      <Code key="a">{data.chain.anchor_address}</Code>
                    ) : (
                      "not published yet"
                    ),
                  ],
                  ["Anchor key balance (pays the gas)", formatEther(data.chain.anchor_balance_wei)],
                ]}
              />
            ) : (
              <Skeleton height={150} />
            )}
          </Section>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
            {/* the health values the webhooks list filters by: one list (use-webhooks.ts) */}
            {WEBHOOK_HEALTH_FILTERS.map((health) => (
              <Stat
                key={health}
                label={`Webhooks ${health}`}
                value={data?.webhooks_by_health[health]}
                loading={loading}
                to={`/webhooks?health=${health}`}
              />
            ))}
            <Stat label="Deliveries failed (24 h)" value={data?.deliveries_failed_24h} loading={loading} />
          </SimpleGrid>
        </SimpleGrid>
      </Stack>
    </>
  );
}
