import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = {
  pending: "yellow",
  retrying: "orange",
  confirmed: "green",
  failed: "red",
  active: "green",
  degraded: "yellow",
  failing: "red",
  revoked: "gray",
  expired: "gray",
  invited: "blue",
  disabled: "orange",
  succeeded: "green",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light">
      {status}
    </Badge>
  );
}
