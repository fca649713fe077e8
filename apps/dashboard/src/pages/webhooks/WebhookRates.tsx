import { Skeleton, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { RangePicker } from "../../components/RangePicker";
import { Section } from "../../components/Section";
import { type RangeKey, rangeWindow } from "../../components/time-range";
import { useWebhookStats } from "./use-webhooks";

const HEIGHT = 80;
const RANGE_WORDS: Record<RangeKey, string> = { "1h": "last hour", "24h": "last 24 h", "7d": "last 7 days" };

interface Bucket {
  start: string;
  attempts: number;
  succeeded: number;
}

/** "97 % of 120 attempts succeeded in the last 24 h", or that there was none. */
export function summarizeRates(buckets: Bucket[], range: RangeKey): string {
  const attempts = buckets.reduce((n, b) => n + b.attempts, 0);
  const succeeded = buckets.reduce((n, b) => n + b.succeeded, 0);
  if (attempts === 0) return `No attempt in the ${RANGE_WORDS[range]}.`;
  const rate = Math.floor((succeeded / attempts) * 1000) / 10;
  return `${rate} % of ${attempts} ${attempts === 1 ? "attempt" : "attempts"} succeeded in the ${RANGE_WORDS[range]}.`;
}

/** The endpoint's success rate over time: one bar per bucket, the succeeded part green, the rest red. */
export function WebhookRates({ webhookId }: { webhookId: string }) {
  const [range, setRange] = useState<RangeKey>("24h");
  const window = useMemo(() => rangeWindow(range), [range]);
  const stats = useWebhookStats(webhookId, window);
  const buckets = stats.data?.buckets ?? [];
  const summary = summarizeRates(buckets, range);
  const width = Math.max(1, buckets.length);

  return (
    <Section
      title="Success rate"
      aside={<RangePicker value={range} onChange={setRange} label="Success rate over" />}
    >
      {stats.error ? <ErrorAlert error={stats.error} title="The success rate could not be loaded" /> : null}
      {stats.isPending ? (
        <Skeleton height={HEIGHT + 24} />
      ) : (
        <>
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height={HEIGHT}
            style={{ display: "block" }}
          >
            {buckets.map((b, i) => {
              if (b.attempts === 0) {
                return (
                  <rect key={b.start} x={i + 0.1} y={HEIGHT - 1} width={0.8} height={1} fill="#ced4da" />
                );
              }
              const ok = (b.succeeded / b.attempts) * HEIGHT;
              return (
                <g key={b.start}>
                  <rect x={i + 0.1} y={0} width={0.8} height={HEIGHT - ok} fill="#e03131" />
                  <rect x={i + 0.1} y={HEIGHT - ok} width={0.8} height={ok} fill="#2f9e44" />
                </g>
              );
            })}
          </svg>
          <Text size="sm" mt="xs">
            {summary}
          </Text>
        </>
      )}
    </Section>
  );
}
