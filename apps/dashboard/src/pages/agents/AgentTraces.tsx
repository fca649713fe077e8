import { Badge, Code, Text } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { type AgentTrace, useAgentTraces } from "./use-agents";

/** Nanoseconds since the epoch (a decimal string) as ISO, to the millisecond. */
export function nanosToIso(ns: string | null): string | null {
  if (ns === null) return null;
  return new Date(Number(BigInt(ns) / 1_000_000n)).toISOString();
}

/** 0.25 s → "250 ms", 3.2 s → "3.2 s", 125 s → "2 min 5 s". */
export function durationWords(
  trace: Pick<AgentTrace, "start_time_unix_nano" | "end_time_unix_nano">,
): string {
  const { start_time_unix_nano: start, end_time_unix_nano: end } = trace;
  if (start === null || end === null) return "—";
  const ms = Number((BigInt(end) - BigInt(start)) / 1_000_000n);
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "1,234 in / 56 out", or "—" when no span carries a token count. */
export function tokenWords(trace: Pick<AgentTrace, "input_tokens" | "output_tokens">): string {
  const { input_tokens: input, output_tokens: output } = trace;
  if (input === null && output === null) return "—";
  const n = (value: number | null) => (value ?? 0).toLocaleString("en-US");
  return `${n(input)} in / ${n(output)} out`;
}

function TraceStatus({ trace }: { trace: AgentTrace }) {
  if (trace.error_spans === 0) {
    return (
      <Badge color="green" variant="light">
        no error
      </Badge>
    );
  }
  return (
    <Badge color="red" variant="light">
      {trace.error_spans} {trace.error_spans === 1 ? "error" : "errors"}
    </Badge>
  );
}

/**
 * The OpenTelemetry traces of an agent's spans, newest first; each opens on its root span's
 * context page, which draws the whole trace as a tree.
 */
export function AgentTraces({ agentId }: { agentId: string }) {
  const traces = useAgentTraces(agentId);
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Spans this agent sent to the OpenTelemetry endpoint (POST /v1/otel/v1/traces), by trace.
      </Text>
      <PagedTable
        list={traces}
        label="Traces"
        rowKey={(trace) => trace.trace_id}
        minWidth={1020}
        empty="No trace: this agent has sent no OpenTelemetry span."
        columns={[
          {
            header: "Root span",
            cell: (trace) =>
              trace.root_context_id ? (
                <AppLink to={`/contexts/${trace.root_context_id}`}>
                  {trace.root_span_name ?? "(erased)"}
                </AppLink>
              ) : (
                "(erased)"
              ),
          },
          {
            header: "Trace id",
            style: { wordBreak: "break-all" },
            cell: (trace) => <Code>{trace.trace_id}</Code>,
          },
          { header: "Spans", cell: (trace) => trace.span_count },
          { header: "Started", cell: (trace) => <DateTime value={nanosToIso(trace.start_time_unix_nano)} /> },
          { header: "Duration", cell: (trace) => durationWords(trace) },
          {
            header: "Models",
            cell: (trace) => (trace.models.length ? trace.models.join(", ") : "—"),
          },
          { header: "Tokens", cell: (trace) => tokenWords(trace) },
          { header: "Status", cell: (trace) => <TraceStatus trace={trace} /> },
        ]}
      />
    </>
  );
}
