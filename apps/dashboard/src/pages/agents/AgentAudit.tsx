import { Alert, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ChecksList } from "../../components/ChecksList";
import { ErrorAlert } from "../../components/ErrorAlert";
import { logKeyNote } from "./audit-log-key";
import { type AuditRun, useAudit, useDashboardConfig } from "./use-agents";

/**
 * Runs the SDK's auditAgent in this browser and says COMPLETE, or names the first break; then
 * the audit's own checks (the SDK's list: entries_in_log against this API's log), each three-valued.
 */
export function AgentAudit({ agentId }: { agentId: string }) {
  const config = useDashboardConfig();
  const audit = useAudit(agentId);
  const [pinnedKey, setPinnedKey] = useState("");
  const rpcUrl = config.data?.chain_rpc_url ?? null;

  return (
    <>
      <Group gap="sm" align="center">
        <Button
          variant="default"
          disabled={rpcUrl === null}
          loading={audit.isPending}
          onClick={() => rpcUrl && audit.mutate({ rpcUrl, pinnedKey })}
        >
          Audit
        </Button>
        <Text size="sm" c="dimmed">
          {rpcUrl === null
            ? config.isPending
              ? ""
              : "Audit runs in this browser against the chain, and this deployment names no public chain RPC for browsers (DASHBOARD_CHAIN_RPC_URL). `npx ctxlog audit` runs the same audit from a terminal."
            : `Checks every entry against the chain through ${new URL(rpcUrl).host}, and in this server's transparency log, in this browser.`}
        </Text>
      </Group>
      <TextInput
        mt="xs"
        size="xs"
        maw={560}
        label="Log key to pin (optional)"
        description="The transparency log's verifier key from a source you trust; empty: the key this server publishes."
        placeholder="origin+keyid+base64"
        spellCheck={false}
        autoComplete="off"
        value={pinnedKey}
        onChange={(e) => setPinnedKey(e.currentTarget.value)}
      />
      {audit.data ? <AuditResult run={audit.data} /> : null}
      {audit.error ? <ErrorAlert error={audit.error} title="The audit could not run" mt="sm" /> : null}
    </>
  );
}

function AuditResult({ run: { result, logKey } }: { run: AuditRun }) {
  return (
    <Stack gap="xs" mt="sm">
      <Alert
        color={result.complete ? "green" : "red"}
        title={
          result.first_break
            ? `Broken at sequence ${result.first_break.sequence}: ${result.first_break.kind}`
            : !result.complete
              ? "A check of the audit failed"
              : result.last_sequence === null
                ? "COMPLETE: no entries yet"
                : `Log complete up to sequence ${result.last_sequence}`
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
      <ChecksList checks={result.checks} label="Audit checks" />
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {logKeyNote(logKey)}
        {logKey.source === "none" ? null : (
          <>
            {" "}
            Key: <Code>{logKey.key}</Code>
          </>
        )}
      </Text>
    </Stack>
  );
}
