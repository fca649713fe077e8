import { Skeleton, Stack } from "@mantine/core";

/**
 * Placeholder of the same height as the rows it stands for, so nothing jumps when data arrives. A
 * status (a name is not allowed on a plain div: axe's aria-prohibited-attr), busy while it shows.
 */
export function TableSkeleton({ rows = 8, rowHeight = 36 }: { rows?: number; rowHeight?: number }) {
  return (
    <Stack gap={6} role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={rowHeight} />
      ))}
    </Stack>
  );
}
