import { Code, NativeSelect, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/AppLink";
import { DateTime } from "../../components/DateTime";
import { FilterForm } from "../../components/FilterForm";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { StatusFilter } from "../../components/StatusFilter";
import { RANGES, type RangeKey, rangeWindow } from "../../components/time-range";
import { AgentLink } from "../agents/AgentLink";
import { FirstContext } from "./FirstContext";
import { CONTEXT_STATUSES, type ContextFilters, useContexts } from "./use-contexts";

export const short = (hash: string | null) => (hash ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : "—");

export default function ContextsPage() {
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get("range");
  const range = RANGES.some((r) => r.value === rangeParam) ? (rangeParam as RangeKey) : null;
  const window = useMemo(() => (range ? rangeWindow(range) : null), [range]);
  const filters: ContextFilters = {
    agent_id: params.get("agent_id") ?? "",
    status: (params.get("status") ?? "") as ContextFilters["status"],
    window,
  };
  const contexts = useContexts(filters);
  const [agent, setAgent] = useInputState(filters.agent_id);

  const apply = (next: ContextFilters & { range?: RangeKey | null }) => {
    const search: Record<string, string> = {};
    if (next.agent_id) search.agent_id = next.agent_id;
    if (next.status) search.status = next.status;
    const nextRange = next.range === undefined ? range : next.range;
    if (nextRange) search.range = nextRange;
    setParams(search);
  };
  return (
    <>
      <PageHeader title="Contexts" />
      <FilterForm onApply={() => apply({ ...filters, agent_id: agent.trim() })}>
        <TextInput label="Agent" placeholder="agent_id" value={agent} onChange={setAgent} />
        <StatusFilter
          label="Status"
          statuses={CONTEXT_STATUSES}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status })}
        />
        <NativeSelect
          label="Received"
          data={[
            { value: "", label: "any time" },
            ...RANGES.map((r) => ({ value: r.value, label: `last ${r.label}` })),
          ]}
          value={range ?? ""}
          onChange={(event) =>
            apply({ ...filters, range: (event.currentTarget.value || null) as RangeKey | null })
          }
        />
      </FilterForm>
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
          { header: "Status", cell: (context) => <StatusBadge status={context.status} /> },
          { header: "Received", cell: (context) => <DateTime value={context.created_at} /> },
          { header: "Confirmations", cell: (context) => context.confirmations },
          { header: "Transaction", cell: (context) => <Code>{short(context.transaction_hash)}</Code> },
        ]}
      />
    </>
  );
}
