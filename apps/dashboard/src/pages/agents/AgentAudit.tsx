import { Alert, Button, Group, Text } from "@mantine/core";
import { ErrorAlert } from "../../components/ErrorAlert";
import { useAudit, useDashboardConfig } from "./use-agents";

/** Runs the SDK's auditAgent in this browser and says COMPLETE, or names the first break. */
export function AgentAudit({ agentId }: { agentId: string }) {
  const config = useDashboardConfig();
  const audit = useAudit(agentId);
  const rpcUrl = config.data?.chain_rpc_url ?? null;
  const result = audit.data;

  return (
    <>
      <Group gap="sm" align="center">
        <Button
          variant="default"
          disabled={rpcUrl === null}
          loading={audit.isPending}
          onClick={() => rpcUrl && audit.mutate(rpcUrl)}
        >
          Audit
        </Button>
        <Text size="sm" c="dimmed">
          {rpcUrl === null
            ? config.isPending
              ? ""
              : "Audit runs in this browser against the chain, and this deployment names no public chain RPC for browsers (DASHBOARD_CHAIN_RPC_URL). `npx ctxlog audit` runs the same audit from a terminal."
            : `Checks every entry against the chain through ${new URL(rpcUrl).host}, in this browser.`}
        </Text>
      </Group>
      {result ? (
        <Alert
          mt="sm"
          color={result.complete ? "green" : "red"}
          title={
            result.complete
              ? result.last_sequence === null
                ? "COMPLETE: no entries yet"
                : `Log complete up to sequence ${result.last_sequence}`
              : `Broken at sequence ${result.first_break?.sequence ?? "?"}: ${result.first_break?.kind ?? "incomplete"}`
          }
          role="status"
        >
          <Text size="sm" style={{ wordBreak: "break-word" }}>
            {result.summary}
          </Text>
          <Text size="xs" c="dimmed">
            {result.entries} {result.entries === 1 ? "entry" : "entries"} read in {result.elapsed_ms} ms.
          </Text>
        </Alert>
      ) : null}
      {audit.error ? <ErrorAlert error={audit.error} title="The audit could not run" mt="sm" /> : null}
    </>
  );
}
