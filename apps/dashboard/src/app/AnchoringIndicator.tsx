import { Box, Group, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useApi } from "../api/api-context";
import { unwrap } from "../api/errors";
import { queryKeys } from "../api/query-keys";
import type { Schemas } from "../api/schema";
import { formatBehind } from "../pages/overview/AnchoringBanner";

type Anchoring = Schemas["AnchoringStatus"];

/** What the header says of anchoring: three states an operator acts on, and unknown. */
export type Glance = "ok" | "stalled" | "failing" | "unknown";

// keyed by the API's states (its generated type): a state added there fails the build here
const GLANCE_OF: Record<Anchoring["state"], Glance> = {
  ok: "ok",
  stalled: "stalled",
  failing: "failing",
  // the chain worker refused to start: nothing anchors, as when batches fail
  wrong_chain: "failing",
  unknown: "unknown",
};

const COLORS: Record<Glance, string> = {
  ok: "var(--mantine-color-green-7)",
  stalled: "var(--mantine-color-orange-6)",
  failing: "var(--mantine-color-red-7)",
  unknown: "var(--mantine-color-gray-5)",
};

/** "12 s ago", "4 min 10 s ago"; "never" before the first batch. */
export function agoWords(iso: string | null, now: number): string {
  if (!iso) return "never";
  return `${formatBehind(Math.max(0, Math.round((now - Date.parse(iso)) / 1000)))} ago`;
}

/** The header's summary of anchoring's status: its state, and its sentence for screen readers and hover. */
export function glanceOf(anchoring: Anchoring, now: number) {
  const state = GLANCE_OF[anchoring.state];
  const last = agoWords(anchoring.last_anchored_at, now);
  const lag = formatBehind(anchoring.behind_seconds);
  const reason = state !== "ok" && anchoring.reason ? ` ${anchoring.reason}` : "";
  return {
    state,
    last,
    lag,
    label: `Anchoring ${state}: last batch confirmed ${last}, oldest pending context ${lag} old.${reason}`,
  };
}

// GET /v1/anchoring/status is three small reads (not the whole overview): asked every 15 s, as the
// overview refreshes; the clock re-renders "… ago" between answers
const POLL_MS = 15_000;
const TICK_MS = 10_000;

/** GET /v1/anchoring/status, polled: the header's one request on every page. */
export function useAnchoringStatus() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.anchoringStatus,
    queryFn: () => unwrap(api.GET("/anchoring/status")),
    refetchInterval: POLL_MS,
  });
}

/**
 * Anchoring at a glance, in the header of every page: its state (a coloured dot and a word), and
 * from medium screens the last confirmed batch and the lag (age of the oldest pending context).
 * It links to the overview, which says why (AnchoringBanner) and what anchoring costs.
 */
export function AnchoringIndicator() {
  const status = useAnchoringStatus();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const anchoring = status.data;
  if (!anchoring) return null;
  const glance = glanceOf(anchoring, now);
  return (
    <UnstyledButton
      component={Link}
      to="/"
      title={glance.label}
      data-anchoring={glance.state}
      style={{ flexShrink: 0 }}
    >
      {/* the link's name is the whole sentence, whatever the screen shows of it (an aria-label
          would not contain the visible words, which axe's label-content-name-mismatch refuses) */}
      <VisuallyHidden>{glance.label}</VisuallyHidden>
      <Group gap={6} wrap="nowrap" aria-hidden>
        <Box w={10} h={10} style={{ borderRadius: "50%", background: COLORS[glance.state], flexShrink: 0 }} />
        <Text size="sm" fw={600} span>
          <Text span visibleFrom="sm" inherit>
            Anchoring{" "}
          </Text>
          {glance.state}
        </Text>
        <Text size="xs" c="dimmed" span visibleFrom="lg" style={{ whiteSpace: "nowrap" }}>
          last {glance.last} · lag {glance.lag}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
