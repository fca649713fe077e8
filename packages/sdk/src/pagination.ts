import type { ListResponse } from "./types";

/**
 * Walks a cursor-paginated list: calls `fetchPage(undefined)`, then `fetchPage(next_cursor)` until
 * the server answers `next_cursor: null`, yielding every item once. Pages are fetched lazily, so
 * breaking out of a `for await` stops the requests too.
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<ListResponse<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.data;
    if (!page.next_cursor) return;
    // A server bug handing back a cursor twice would otherwise loop forever.
    if (seen.has(page.next_cursor)) throw new Error(`ctxlog: cursor ${page.next_cursor} repeated`);
    seen.add(page.next_cursor);
    cursor = page.next_cursor;
  }
}
