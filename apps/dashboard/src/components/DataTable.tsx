import { Table, Text } from "@mantine/core";
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
