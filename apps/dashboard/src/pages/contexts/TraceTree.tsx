import { Badge, Group, Text, VisuallyHidden } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { ErrorAlert } from "../../components/ErrorAlert";
import { spanTree } from "./span-tree";
import { nanosWords, type WaterfallRow, waterfallLayout } from "./trace-waterfall";
import { MAX_TRACE_SPANS_SHOWN, useTraceContexts } from "./use-contexts";

/** deeper spans stop indenting here, so a phone keeps room for the name */
const MAX_INDENT = 8;

/** The span's bar on the trace's time axis, and its duration in words. */
function SpanBar({ row, current }: { row: WaterfallRow; current: boolean }) {
  const color =
    row.spanStatus === "error"
      ? "var(--mantine-color-red-6)"
      : current
        ? "var(--mantine-color-blue-8)"
        : "var(--mantine-color-blue-4)";
  return (
    <div style={{ flex: "1 1 14rem", display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
      <div
        aria-hidden
        style={{
          position: "relative",
          flex: 1,
          height: 10,
          borderRadius: 2,
          overflow: "hidden",
          background: "var(--mantine-color-gray-1)",
        }}
      >
        <div
          data-bar
          style={{
            position: "absolute",
            top: 0,
            bottom: 0,
            left: `${row.offsetPct}%`,
            width: `${row.widthPct}%`,
            minWidth: 2, // a span with no duration still shows where it starts
            background: color,
            borderRadius: 2,
          }}
        />
      </div>
      <Text size="xs" style={{ flex: "0 0 4.5rem", textAlign: "right", whiteSpace: "nowrap" }}>
        <VisuallyHidden>starts at +{nanosWords(row.startOffsetNs)}, lasts </VisuallyHidden>
        {row.durationNs === null ? "—" : nanosWords(row.durationNs)}
      </Text>
    </div>
  );
}

/**
 * The spans of this context's trace as a waterfall: one row a span, in tree order (children under
 * their parent, indented), each with a bar placed by its start and as long as its duration on the
 * trace's time axis, and the duration in words. A span shows its GenAI model, operation and
 * tokens; a status badge only for an error (unset and ok are the normal case and say nothing).
 */
export function TraceTree({ traceId, currentId }: { traceId: string; currentId: string }) {
  const trace = useTraceContexts(traceId);
  if (trace.isError) return <ErrorAlert error={trace.error} />;
  if (!trace.data) return <Text size="sm">Loading the trace…</Text>;
  const { rows, totalNs } = waterfallLayout(spanTree(trace.data.contexts));
  return (
    <>
      <Text size="xs" c="dimmed" mb="xs">
        Trace {traceId}: {rows.length} span{rows.length === 1 ? "" : "s"} over {nanosWords(totalNs)}
        {trace.data.truncated ? ` (the first ${MAX_TRACE_SPANS_SHOWN} shown)` : ""}
      </Text>
      <ul aria-label="Spans of the trace" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {rows.map((row) => {
          const tokens =
            row.inputTokens !== null || row.outputTokens !== null
              ? `${row.inputTokens ?? "?"} in / ${row.outputTokens ?? "?"} out tokens`
              : null;
          const current = row.contextId === currentId;
          return (
            <li
              key={row.spanId}
              data-depth={row.depth}
              aria-current={current ? "true" : undefined}
              style={{
                display: "flex",
                flexWrap: "wrap",
                alignItems: "center",
                columnGap: 12,
                rowGap: 2,
                padding: "4px 0",
                borderBottom: "1px solid var(--mantine-color-gray-2)",
              }}
            >
              <div
                style={{
                  flex: "1 1 16rem",
                  minWidth: 0,
                  paddingLeft: `${Math.min(row.depth, MAX_INDENT) * 0.75}rem`,
                }}
              >
                <Group gap="xs" wrap="wrap">
                  {current ? (
                    <Text size="sm" fw={700} style={{ overflowWrap: "anywhere" }}>
                      {row.name}
                    </Text>
                  ) : (
                    <AppLink to={`/contexts/${row.contextId}`} size="sm" style={{ overflowWrap: "anywhere" }}>
                      {row.name}
                    </AppLink>
                  )}
                  {row.spanStatus === "error" ? (
                    <Badge color="red" variant="light" size="sm">
                      error
                    </Badge>
                  ) : null}
                  {row.model ? <Text size="xs">{row.model}</Text> : null}
                  {row.operation ? (
                    <Text size="xs" c="dimmed">
                      {row.operation}
                      {row.provider ? ` · ${row.provider}` : ""}
                    </Text>
                  ) : null}
                  {tokens ? (
                    <Text size="xs" c="dimmed">
                      {tokens}
                    </Text>
                  ) : null}
                  {row.statusMessage ? (
                    <Text size="xs" c="red.8">
                      {row.statusMessage}
                    </Text>
                  ) : null}
                </Group>
              </div>
              <SpanBar row={row} current={current} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
