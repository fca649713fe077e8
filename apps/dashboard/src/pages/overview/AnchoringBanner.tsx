import { Alert, Text } from "@mantine/core";
import type { Overview } from "../../api/schema";

type Anchoring = Overview["anchoring"];

/** "4 min 10 s": how far behind anchoring is, for a human. */
export function formatBehind(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * Shown on the overview while anchoring does not keep up: how far behind it is and why (the chain
 * worker's last error), that the last batch failed, or that the chain worker refused to start on
 * another chain.
 */
export function AnchoringBanner({ anchoring }: { anchoring: Anchoring }) {
  if (anchoring.state === "wrong_chain") {
    return (
      <Alert color="red" title="Anchoring stopped: the chain worker refused to start" role="alert">
        <Text size="sm">{anchoring.reason}</Text>
      </Alert>
    );
  }
  if (anchoring.state === "failing") {
    return (
      <Alert color="red" title="Anchoring is failing: the last batch failed" role="alert">
        <Text size="sm">
          {anchoring.reason} Its contexts failed; this clears once a batch confirms again.
        </Text>
      </Alert>
    );
  }
  if (anchoring.state !== "stalled") return null;
  return (
    <Alert
      color="orange"
      title={`Anchoring is stalled: ${formatBehind(anchoring.behind_seconds)} behind`}
      role="alert"
    >
      <Text size="sm">
        The oldest pending context has waited {formatBehind(anchoring.behind_seconds)} (a stall after{" "}
        {formatBehind(anchoring.threshold_seconds)}).{" "}
        {anchoring.reason ? `Last error: ${anchoring.reason}` : "The chain worker reported no error."}
      </Text>
    </Alert>
  );
}
