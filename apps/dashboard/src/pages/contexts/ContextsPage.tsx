import { Autocomplete, Badge, Code, Group } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/AppLink";
import { DateTime } from "../../components/DateTime";
import { FilterForm } from "../../components/FilterForm";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { StatusFilter } from "../../components/StatusFilter";
import { TimeRangeControl } from "../../components/TimeRangeControl";
import { rangeParams } from "../../components/time-range";
import { useUrlRange } from "../../components/use-url-range";
import { AgentLink } from "../agents/AgentLink";
import { useAgentIds } from "../agents/use-agents";
import { FirstContext } from "./FirstContext";
import { CONTEXT_STATUSES, type ContextFilters, useContexts } from "./use-contexts";

export const short = (hash: string | null) => (hash ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : "—");

export default function ContextsPage() {
  const [params, setParams] = useSearchParams();
  const { range, window, setRange } = useUrlRange(null);
  const filters: ContextFilters = {
    agent_id: params.get("agent_id") ?? "",
    status: (params.get("status") ?? "") as ContextFilters["status"],
    window,
  };
  const contexts = useContexts(filters);
  const [agent, setAgent] = useState(filters.agent_id);
  // asked as the id is typed, a fifth of a second after the last key
  const [typed] = useDebouncedValue(agent, 200);
  const agentIds = useAgentIds(typed === filters.agent_id ? "" : typed);

  const apply = (next: ContextFilters) => {
    const search: Record<string, string> = {};
    if (next.agent_id) search.agent_id = next.agent_id;
    if (next.status) search.status = next.status;
    if (range) Object.assign(search, rangeParams(range));
    setParams(search);
  };
  return (
    <>
      <PageHeader title="Contexts" />
      <FilterForm onApply={() => apply({ ...filters, agent_id: agent.trim() })}>
        {/* the user's agents to pick from, by the start of their id; any typed id still filters (Enter or Filter) */}
        <Autocomplete
          label="Agent"
          placeholder="agent_id"
          data={agentIds.data ?? []}
          value={agent}
          onChange={setAgent}
          onOptionSubmit={(picked) => apply({ ...filters, agent_id: picked })}
          limit={20}
          // inside the page's main landmark (a portal's list would sit outside every landmark), and
          // only while open: a hidden copy of every agent id would precede the table's
          comboboxProps={{ withinPortal: false, keepMounted: false }}
        />
        <StatusFilter
          label="Status"
          statuses={CONTEXT_STATUSES}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status })}
        />
      </FilterForm>
      <Group mb="md">
        <TimeRangeControl value={range} onChange={setRange} label="Received" allowAny />
      </Group>
      {!contexts.isPending &&
      !contexts.error &&
      contexts.items.length === 0 &&
      !filters.agent_id &&
      !filters.status &&
      !range ? (
        <FirstContext />
      ) : null}
      <PagedTable
        list={contexts}
        rowKey={(context) => context.context_id}
        minWidth={820}
        empty="No contexts match."
        columns={[
          {
            header: "Context",
            cell: (context) => <AppLink to={`/contexts/${context.context_id}`}>{context.context_id}</AppLink>,
          },
          { header: "Agent", cell: (context) => <AgentLink agentId={context.agent_id} /> },
          {
            header: "Status",
            cell: (context) => (
              <Group gap={4} wrap="nowrap">
                <StatusBadge status={context.status} />
                {context.data_erased_at ? (
                  <Badge color="gray" variant="outline">
                    data erased
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          { header: "Received", cell: (context) => <DateTime value={context.created_at} /> },
          { header: "Confirmations", cell: (context) => context.confirmations },
          { header: "Transaction", cell: (context) => <Code>{short(context.transaction_hash)}</Code> },
        ]}
      />
    </>
  );
}
