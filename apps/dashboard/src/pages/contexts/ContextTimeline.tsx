import { Text, Timeline } from "@mantine/core";
import { DateTime } from "../../components/DateTime";
import type { StepState, TimelineStep } from "./timeline";

const LOOK: Record<StepState, { color: string; bullet: string; word: string }> = {
  done: { color: "green", bullet: "✓", word: "done" },
  current: { color: "blue", bullet: "…", word: "in progress" },
  waiting: { color: "gray", bullet: "", word: "waiting" },
  failed: { color: "red", bullet: "✕", word: "failed" },
  skipped: { color: "gray", bullet: "–", word: "did not happen" },
  overdue: { color: "orange", bullet: "!", word: "overdue" },
};

export function ContextTimeline({ steps }: { steps: TimelineStep[] }) {
  const lastReached = steps.reduce((index, step, i) => (step.state === "waiting" ? index : i), 0);
  return (
    <Timeline active={lastReached} bulletSize={22} lineWidth={2} aria-label="Timeline">
      {steps.map((step) => {
        const look = LOOK[step.state];
        return (
          <Timeline.Item
            key={step.key}
            color={look.color}
            bullet={<span aria-hidden="true">{look.bullet}</span>}
            title={step.label}
            data-state={step.state}
          >
            <Text size="xs" c="dimmed">
              {look.word}
            </Text>
            {step.detail ? (
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {step.key === "received" ? <DateTime value={step.detail} /> : step.detail}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
