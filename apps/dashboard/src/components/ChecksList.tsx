import { Badge } from "@mantine/core";
import type { VerificationCheck } from "../api/schema";
import { DataTable } from "./DataTable";

const STATUS_COLORS: Record<VerificationCheck["status"], string> = {
  passed: "green",
  failed: "red",
  not_run: "gray",
};

/** Each named check of a verification, passed, failed or not run, with its reason. */
export function ChecksList({ checks }: { checks: VerificationCheck[] }) {
  return (
    <DataTable
      label="Checks"
      striped={false}
      minWidth={520}
      rows={checks}
      rowKey={(check) => check.name}
      columns={[
        { header: "Check", cell: (check) => check.name },
        {
          header: "Result",
          cell: (check) => (
            <Badge color={STATUS_COLORS[check.status]} variant="light">
              {check.status === "not_run" ? "not run" : check.status}
            </Badge>
          ),
        },
        // every reason in full: long hashes and addresses wrap instead of being cut
        {
          header: "Reason",
          style: { overflowWrap: "anywhere", whiteSpace: "normal" },
          cell: (check) => check.reason,
        },
      ]}
    />
  );
}
