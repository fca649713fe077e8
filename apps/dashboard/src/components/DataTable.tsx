import { Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { CSSProperties, ReactNode } from "react";

/** One column: its header, and what each row shows under it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** e.g. how a long URL or error message breaks */
  style?: CSSProperties;
}

export interface DataTableProps<T> {
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** below it, the table scrolls sideways instead of squeezing its columns (phones) */
  minWidth: number;
  /** shown under the headers when there is no row; nothing when absent */
  empty?: string;
  /** the table's accessible name */
  label?: string;
  striped?: boolean;
}

/** Records as a table, one column definition per header. */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  minWidth,
  empty,
  label,
  striped = true,
}: DataTableProps<T>) {
  // on a phone each row is a card, every field under its header, so the status is never off screen
  const phone = useMediaQuery("(max-width: 36em)");
  if (phone) {
    // a list must hold list items: with no rows there is no list, only what `empty` says
    if (rows.length === 0) return empty ? <Text c="dimmed">{empty}</Text> : null;
    return (
      <Stack gap="xs" role="list" aria-label={label}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder p="xs" role="listitem">
            {columns.map((column) => (
              <div
                key={column.header}
                style={{ display: "flex", gap: 8, alignItems: "baseline", minWidth: 0 }}
              >
                <Text size="xs" c="dimmed" style={{ flex: "0 0 38%" }}>
                  {column.header}
                </Text>
                <div
                  style={{
                    minWidth: 0,
                    flex: 1,
                    overflowWrap: "anywhere",
                    fontSize: "var(--mantine-font-size-sm)",
                  }}
                >
                  {column.cell(row)}
                </div>
              </div>
            ))}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped={striped} verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} style={column.style}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {empty && rows.length === 0 ? <Text c="dimmed">{empty}</Text> : null}
    </Table.ScrollContainer>
  );
}
