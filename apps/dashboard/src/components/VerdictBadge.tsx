import { Badge } from "@mantine/core";
import type { Verification } from "../api/schema";

type Verdict = Verification["verdict"];

// the API's three verdicts (DESIGN.md principle 9), each with its own words and colour: data that
// could not be checked is never shown as verified plain, nor as failed. The outlined one is teal 9:
// an outline badge's text is its colour on white, and teal 8 (the shade it would take) is 3.9:1,
// under WCAG AA's 4.5:1 (axe's color-contrast in test/e2e/dashboard/truth.test.ts); teal 9 is 5.0:1.
const VERDICTS: Record<Verdict, { label: string; color: string }> = {
  verified: { label: "verified", color: "green" },
  verified_data_unavailable: { label: "verified · data erased", color: "teal.9" },
  failed: { label: "failed", color: "red" },
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { label, color } = VERDICTS[verdict];
  return (
    <Badge
      color={color}
      variant={verdict === "verified_data_unavailable" ? "outline" : "light"}
      title={
        verdict === "verified_data_unavailable"
          ? "Every check that could run passed; the data checks did not run: the context's data was erased"
          : undefined
      }
    >
      {label}
    </Badge>
  );
}

/** "yes", "no", or "not run" for a check that could not run (the data of an erased context). */
export function checkAnswer(verification: Pick<Verification, "checks">, name: string, ok: boolean): string {
  const check = verification.checks.find((c) => c.name === name);
  if (check?.status === "not_run") return "not run (data erased)";
  return ok ? "yes" : "no";
}
