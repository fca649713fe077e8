import { Badge, Table } from "@mantine/core";
import type { VerificationCheck } from "../api/schema";

/** Each named check of a verification, passed or failed, with its reason. */
export function ChecksList({ checks }: { checks: VerificationCheck[] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" aria-label="Checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Check</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checks.map((check) => (
            <Table.Tr key={check.name}>
              <Table.Td>{check.name}</Table.Td>
              <Table.Td>
                <Badge color={check.ok ? "green" : "red"} variant="light">
                  {check.ok ? "passed" : "failed"}
                </Badge>
              </Table.Td>
              <Table.Td>{check.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
