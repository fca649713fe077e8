import { Badge } from "@mantine/core";
import type { VerificationCheck } from "../api/schema";
import { DataTable } from "./DataTable";

/** Each named check of a verification, passed or failed, with its reason. */
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
            <Badge color={check.ok ? "green" : "red"} variant="light">
              {check.ok ? "passed" : "failed"}
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
