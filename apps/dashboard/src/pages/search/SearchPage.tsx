import { Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { queryKeys } from "../../api/query-keys";
import type { Schemas } from "../../api/schema";
import { AppLink } from "../../components/AppLink";
import { ErrorAlert } from "../../components/ErrorAlert";
import { PageHeader } from "../../components/PageHeader";
import { TableSkeleton } from "../../components/TableSkeleton";

type Hit = Schemas["SearchResult"]["results"][number];

const WORDS: Record<Hit["matched"], string> = {
  context_id: "context id",
  context_hash: "context hash",
  entry_hash: "entry hash",
  transaction_hash: "transaction hash",
  agent_id: "agent",
  agent_id_prefix: "agent, by the start of its id",
  trace_id: "OTLP trace id",
  verification_id: "verification id",
  webhook_id: "webhook id",
  delivery_id: "delivery id",
  event_id: "event id",
};

/** Where a result's page is. */
export function pathOf(hit: Hit): string {
  switch (hit.kind) {
    case "context":
      return `/contexts/${hit.id}`;
    case "agent":
      return `/agents/${encodeURIComponent(hit.id)}`;
    case "trace":
      // the trace's first context: its page draws the whole trace
      return `/contexts/${hit.context_id}`;
    case "verification":
      return `/verifications/${hit.id}`;
    case "webhook":
      return `/webhooks/${hit.id}`;
    case "delivery":
      return `/webhooks/${hit.webhook_id}/deliveries/${hit.id}`;
    case "event":
      return `/events/${hit.id}`;
  }
}

function useSearch(q: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.search(q),
    enabled: q !== "",
    queryFn: () => unwrap(api.GET("/search", { params: { query: { q } } })),
  });
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const search = useSearch(q);
  const navigate = useNavigate();
  const results = search.data?.results ?? [];
  const only = results.length === 1 ? results[0] : undefined;
  // a single match is opened at once (the search stays in the history, so Back returns here)
  useEffect(() => {
    if (only) navigate(pathOf(only), { replace: true });
  }, [only, navigate]);

  return (
    <>
      <PageHeader title="Search" />
      <Text size="sm" c="dimmed" mb="md" style={{ overflowWrap: "anywhere" }}>
        {q
          ? `Records named by “${q}”.`
          : "Type an id, a context, entry or transaction hash, a trace id, or an agent's name (or its start) above."}
      </Text>
      {search.error ? <ErrorAlert error={search.error} mb="md" /> : null}
      {search.isFetching ? <TableSkeleton rows={2} /> : null}
      {search.data && results.length === 0 ? (
        <Text>
          Nothing of yours is named “{q}”. Ids start with ctx_, vrf_, whk_, dlv_ or evt_; hashes are 0x and 64
          hex digits; trace ids are 32 hex digits; an agent is found by its id or the start of it.
        </Text>
      ) : null}
      {only ? <Text size="sm">Opening the {only.kind}…</Text> : null}
      {/* a single match is not listed: the page is left at once (a link shown for one frame would
          be gone when clicked) */}
      <Stack gap="xs">
        {(only ? [] : results).map((hit) => (
          // (a delivery id is its event's, the same at each webhook: the path tells them apart)
          <Text key={`${hit.matched}-${pathOf(hit)}`} size="sm" style={{ overflowWrap: "anywhere" }}>
            <AppLink to={pathOf(hit)}>
              {hit.kind} {hit.id}
            </AppLink>{" "}
            <Text span c="dimmed" size="sm">
              (its {WORDS[hit.matched]})
            </Text>
          </Text>
        ))}
      </Stack>
    </>
  );
}
