import { Badge, Group, Text } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { ErrorAlert } from "../../components/ErrorAlert";
import { spanTree } from "./span-tree";
import { MAX_TRACE_SPANS_SHOWN, useTraceContexts } from "./use-contexts";

const SPAN_STATUS_COLORS: Record<string, string> = { ok: "green", error: "red", unset: "gray" };

/**
 * The spans of this context's trace as a tree (a nested list, indented by depth): each span's
 * name, its own status, its GenAI model and operation and token counts, linked to its context.
 */
export function TraceTree({ traceId, currentId }: { traceId: string; currentId: string }) {
  const trace = useTraceContexts(traceId);
  if (trace.isError) return <ErrorAlert error={trace.error} />;
  if (!trace.data) return <Text size="sm">Loading the trace…</Text>;
  const nodes = spanTree(trace.data.contexts);
  return (
    <>
      <Text size="xs" c="dimmed" mb="xs">
        Trace {traceId}: {nodes.length} span{nodes.length === 1 ? "" : "s"}
        {trace.data.truncated ? ` (the first ${MAX_TRACE_SPANS_SHOWN} shown)` : ""}
      </Text>
      <ul aria-label="Spans of the trace" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {nodes.map((node) => {
          const tokens =
            node.inputTokens !== null || node.outputTokens !== null
              ? `${node.inputTokens ?? "?"} in / ${node.outputTokens ?? "?"} out tokens`
              : null;
          const current = node.contextId === currentId;
          return (
            <li
              key={node.spanId}
              data-depth={node.depth}
              aria-current={current ? "true" : undefined}
              style={{ paddingLeft: `${node.depth * 1.25}rem`, marginBottom: 4 }}
            >
              <Group gap="xs" wrap="wrap">
                {current ? (
                  <Text size="sm" fw={700}>
                    {node.name}
                  </Text>
                ) : (
                  <AppLink to={`/contexts/${node.contextId}`} size="sm">
                    {node.name}
                  </AppLink>
                )}
                <Badge color={SPAN_STATUS_COLORS[node.spanStatus] ?? "gray"} variant="light" size="sm">
                  {node.spanStatus}
                </Badge>
                {node.model ? <Text size="xs">{node.model}</Text> : null}
                {node.operation ? (
                  <Text size="xs" c="dimmed">
                    {node.operation}
                    {node.provider ? ` · ${node.provider}` : ""}
                  </Text>
                ) : null}
                {tokens ? (
                  <Text size="xs" c="dimmed">
                    {tokens}
                  </Text>
                ) : null}
                {node.statusMessage ? (
                  <Text size="xs" c="red">
                    {node.statusMessage}
                  </Text>
                ) : null}
              </Group>
            </li>
          );
        })}
      </ul>
    </>
  );
}
