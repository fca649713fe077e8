import { Badge } from "@mantine/core";
import type { VerificationCheck } from "../api/schema";
import { DataTable } from "./DataTable";

const STATUS_COLORS: Record<VerificationCheck["status"], string> = {
  passed: "green",
  failed: "red",
  not_run: "gray",
};

/** A named check: a verification's, or an audit's (the SDK's AuditCheck), of the same three values. */
export type NamedCheck = Pick<VerificationCheck, "status" | "reason"> & { name: string };

/** Each named check, passed, failed or not run, with its reason. */
export function ChecksList({ checks, label = "Checks" }: { checks: NamedCheck[]; label?: string }) {
  return (
    <DataTable
      label={label}
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
