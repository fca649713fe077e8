import { Alert, Code, List, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import type { Schemas } from "../../api/schema";
import { DateTime } from "../../components/DateTime";

type OtelRefusal = Schemas["OtelRefusal"];

/** The user's spans refused at the OTLP endpoint in about the last 24 hours (GET /v1/otel/refusals). */
export function useOtelRefusals() {
  const api = useApi();
  return useQuery({
    queryKey: ["otel-refusals"],
    queryFn: () => unwrap(api.GET("/otel/refusals")),
  });
}

const REASONS: Record<OtelRefusal["reason"], string> = {
  agent_id: "no valid agent id",
  decode: "over a limit",
  json: "a value that cannot be stored",
  context: "too large, or an agent the key may not write",
};

function RefusalLine({ refusal }: { refusal: OtelRefusal }) {
  return (
    <List.Item>
      <Text size="sm" fw={500}>
        {refusal.spans} {refusal.spans === 1 ? "span" : "spans"}: {REASONS[refusal.reason]}
        {refusal.service_name !== null && (
          <>
            {" "}
            (service <Code>{refusal.service_name}</Code>)
          </>
        )}
        , last <DateTime value={refusal.last_at} />
      </Text>
      <Text size="sm">{refusal.sample}</Text>
      <Text size="sm">
        Fix: {refusal.fix}
        {refusal.suggested_agent_id !== null && (
          <>
            {" "}
            For example <Code>OTEL_RESOURCE_ATTRIBUTES=ctxlog.agent_id={refusal.suggested_agent_id}</Code>.
          </>
        )}
      </Text>
    </List.Item>
  );
}

/**
 * Spans refused at the OpenTelemetry endpoint: the exporter reports success, so without this
 * they would vanish silently. Nothing is shown when none was refused (or the key may not read it).
 */
export function OtelRefusals() {
  const refusals = useOtelRefusals();
  const data = refusals.data?.data ?? [];
  if (data.length === 0) return null;
  const total = data.reduce((sum, r) => sum + r.spans, 0);
  return (
    <Alert
      color="orange"
      mb="md"
      role="alert"
      title={`${total} OpenTelemetry ${total === 1 ? "span" : "spans"} refused in the last 24 h`}
    >
      <List spacing="xs">
        {data.map((refusal) => (
          <RefusalLine key={refusal.reason} refusal={refusal} />
        ))}
      </List>
    </Alert>
  );
}
