/**
 * Cursor pagination, the same for every list: rows newest first by their time-ordered id, the
 * cursor is the last id of the previous page, and one extra row is read to know whether another
 * page exists.
 */
export function idsBefore(after: string | undefined): { id?: { lt: string } } {
  return after === undefined ? {} : { id: { lt: after } };
}

export function toPage<T extends { id: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextAfter: string | null } {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  return { rows: page, nextAfter: hasMore ? (page[page.length - 1]?.id ?? null) : null };
}
