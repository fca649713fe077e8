import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

interface Options<T> {
  queryKey: QueryKey;
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>;
  /** Poll (ms) while this says so, e.g. while a listed context is pending. */
  pollWhile?: (items: T[]) => boolean;
  pollMs?: number;
}

/** A cursor-paged list as the page shows it: the rows of the pages loaded so far, and the next one. */
export interface PagedList<T> {
  items: T[];
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A cursor-paged list: pages appended by "Load more", flattened for the table. */
export function usePagedQuery<T>({
  queryKey,
  fetchPage,
  pollWhile,
  pollMs = 5000,
}: Options<T>): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.next_cursor ?? undefined,
    refetchInterval: (q) => {
      if (!pollWhile) return false;
      const items = q.state.data?.pages.flatMap((page) => page.data) ?? [];
      return pollWhile(items) ? pollMs : false;
    },
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  return {
    items,
    isPending: query.isPending,
    error: query.error,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
