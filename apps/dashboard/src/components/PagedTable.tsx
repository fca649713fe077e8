import type { PagedList } from "../api/paged";
import { DataTable, type DataTableProps } from "./DataTable";
import { ErrorAlert } from "./ErrorAlert";
import { LoadMore } from "./LoadMore";
import { TableSkeleton } from "./TableSkeleton";

interface Props<T> extends Omit<DataTableProps<T>, "rows"> {
  list: PagedList<T>;
  /** rows of the placeholder while the first page loads */
  skeletonRows?: number;
}

/**
 * A cursor-paged list (usePagedQuery) as a table: the API's refusal in words, a placeholder while
 * the first page loads, "Load more" below the last row. "Empty" is never claimed of a list that
 * failed to load.
 */
export function PagedTable<T>({ list, skeletonRows, empty, ...table }: Props<T>) {
  return (
    <>
      {list.error ? <ErrorAlert error={list.error} mb="md" /> : null}
      {list.isPending ? (
        <TableSkeleton rows={skeletonRows} />
      ) : (
        <DataTable rows={list.items} empty={list.error ? undefined : empty} {...table} />
      )}
      <LoadMore {...list} />
    </>
  );
}
